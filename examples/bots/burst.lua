-- Burst: an excitable friend who answers in quick bursts of short messages, a second or
-- two apart, so they group into one cluster; after a longer pause the next burst starts a
-- new cluster.

bot {
  name = "Bea",
  greeting = "You matched with Bea!!! 🎉",
  initial = "B",
  color = "#F5A623",
  typing = { cps = 25 },
}

grouping { cluster_gap = "20s" }

seed {
  { from = "them", text = "omg hi", at = "-3h" },
  { from = "them", text = "sorry", at = "-3h" },
  { from = "them", text = "i'm so bad at openers", at = "-3h" },
}

-- Several quick messages; each shows the typing dots for its length.
local function burst(chat, lines)
  for _, line in ipairs(lines) do
    chat:reply(line, { typing = true })
  end
end

on("news", function(msg, chat)
  burst(chat, { "WAIT", "you won't believe this", "i got the job!!!", "starting monday 😭🎉" })
  chat:wait("1m")
  burst(chat, { "ok i calmed down", "mostly" })
end, { ignore_case = true })

on("^h[ei]", function(msg, chat)
  burst(chat, { "hiii", "how are youuu", "tell me everything" })
end, { ignore_case = true })

fallback(function(msg, chat)
  local count = math.random(2, 4)
  local lines = {}
  for i = 1, count do
    lines[i] = ({ "lol", "wait what", "no way", "omg", "same", "😂", "tell me more" })[math.random(7)]
  end
  burst(chat, lines)
end)
