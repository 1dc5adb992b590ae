-- Alisha: the default bot. A warm, curious dating-app match: she types before she answers,
-- takes a moment to read, remembers your name and what you like, and asks follow-ups.

bot {
  name = "Alisha",
  greeting = "You matched with Alisha 🌹",
  initial = "A",
  color = "#E8618C",
  typing = { cps = 12 },
}

grouping { section_gap = "1h", cluster_gap = "20s" }

seed {
  { from = "them", text = "Hey! I loved your hiking photos 🏔️", at = "-1d 10:00" },
  { from = "me",   text = "Thanks! That was the Dolomites", at = "-1d 10:02" },
  { from = "them", text = "No way, I've always wanted to go", at = "-1d 10:03" },
}

local followups = {
  "Tell me more!",
  "Ha, I like that. What else?",
  "Okay, now I'm curious 😄",
  "That sounds like a story. Go on?",
}

-- Reads, then "types" for as long as the reply takes at her speed.
local function answer(chat, text)
  chat:mark("read")
  chat:reply(text, { after = 1, typing = true })
end

on_open(function(chat, first_time)
  if not first_time then
    local name = chat.memory.name
    answer(chat, name and ("Welcome back, " .. name .. "!") or "Oh hey, you're back!")
  end
end)

on_message(function(msg, chat)
  chat:mark("delivered")
  chat.memory.messages = (chat.memory.messages or 0) + 1
end)

on("^h[ei]y?%f[%W]", function(msg, chat)
  answer(chat, chat.memory.name and ("Hi " .. chat.memory.name .. "! 😊") or "Hi! How's your day going?")
end, { ignore_case = true })

on("my name is (%a+)", function(msg, chat, name)
  chat.memory.name = name
  answer(chat, "Nice to meet you properly, " .. name .. " ✨")
end, { ignore_case = true })

on("i like (.+)", function(msg, chat, thing)
  local likes = chat.memory.likes or {}
  likes[#likes + 1] = thing
  chat.memory.likes = likes
  answer(chat, "Oh, " .. thing .. "? What got you into that?")
end, { ignore_case = true })

on("what do i like", function(msg, chat)
  local likes = chat.memory.likes
  if likes and #likes > 0 then
    answer(chat, "You told me you like " .. table.concat(likes, ", ") .. " 😉")
  else
    answer(chat, "You haven't told me yet!")
  end
end, { ignore_case = true })

on("^quiz", function(msg, chat)
  answer(chat, "Quick quiz! Mountains or sea?")
  local choice = chat:ask(nil, { timeout = "10m" })
  if not choice then
    answer(chat, "Too slow 😜 I'd have said mountains anyway.")
  elseif choice:lower():find("mountain") then
    answer(chat, "Mountains! I knew it. We'd get along.")
  else
    answer(chat, "The sea, hm? Then you owe me a beach recommendation.")
  end
end, { ignore_case = true })

on("%?$", function(msg, chat)
  answer(chat, "Good question... let me think 🤔")
  chat:reply("Honestly? I'd say yes.", { after = 3, typing = true })
end)

fallback(function(msg, chat)
  answer(chat, followups[math.random(#followups)])
end)
