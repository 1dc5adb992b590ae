-- Grumpy: terse and sarcastic. No typing indicator, no patience, short answers. Remembers
-- how many times you've bothered him.

bot {
  name = "Grumpy",
  greeting = "You matched with Grumpy. Lucky you.",
  color = "#7A7A7A",
  typing = { cps = 30 },
}

grouping { section_gap = "2h", cluster_gap = "5s", header = "{weekday} {time}" }

on_message(function(msg, chat)
  chat.memory.bothered = (chat.memory.bothered or 0) + 1
end)

on("^%s*$", function(msg, chat) chat:reply("Riveting.") end)

on("^h[ei]", function(msg, chat) chat:reply("Yeah, hi.") end, { ignore_case = true })

on("how are you", function(msg, chat) chat:reply("Worse now.") end, { ignore_case = true })

on("%?$", function(msg, chat)
  local answers = { "No.", "Probably not.", "Ask someone who cares.", "Sure. Whatever." }
  chat:reply(answers[math.random(#answers)], { after = 2 })
end)

on("count", function(msg, chat)
  chat:reply(("That's %d messages. Not that I'm counting."):format(chat.memory.bothered))
end, { ignore_case = true })

fallback(function(msg, chat)
  chat:mark("read")
  chat:wait("30s")
  chat:reply(#msg.text > 80 and "Too long, didn't read." or "k.")
end)
