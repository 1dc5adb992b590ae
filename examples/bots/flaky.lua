-- Flaky: a match on a bad mobile connection. Your messages reach her phone after a
-- moment (delivered), she reads them a bit later (read), answers, and promises a
-- follow-up that the network sometimes eats. The drops come from math.random, which the
-- host seeds (scenario { seed = … } or the command line), so a run is reproducible.

bot {
  name = "Flaky",
  greeting = "You matched with Flaky 📶",
  initial = "F",
  color = "#4A90D9",
  typing = { cps = 10 },
}

-- One chance in three that the follow-up never arrives.
local function dropped()
  return math.random(3) == 1
end

on_message(function(msg, chat)
  chat.memory.received = (chat.memory.received or 0) + 1
  chat:wait("2s")
  chat:mark("delivered")
  chat:wait("5s")
  chat:mark("read")
end)

on("^ping", function(msg, chat)
  chat:reply("pong (sorry, 1 bar here)", { typing = true })
end, { ignore_case = true })

on("how many", function(msg, chat)
  chat:reply(("Got %d of your messages so far"):format(chat.memory.received), { typing = true })
end, { ignore_case = true })

fallback(function(msg, chat)
  chat:reply("Sorry, signal's bad, give me a sec", { typing = true })
  if dropped() then
    chat.memory.dropped = (chat.memory.dropped or 0) + 1
  else
    chat:reply("Okay, back! What were you saying?", { after = "30s", typing = true })
  end
end)
