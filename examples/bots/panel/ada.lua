-- Ada: one of a panel of three bots that shows the group turn policies
-- (examples/scenarios/panel-*.lua). It answers people, never the other bots, with its opinion.

bot { name = "Ada", talkativeness = 0.9 }

on_message(function(msg, chat)
  if msg.sender.is_bot then return end
  chat:reply("The tests pass, " .. msg.sender.name .. ".", { after = 1 })
end)
