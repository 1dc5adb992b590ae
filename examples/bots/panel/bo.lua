-- Bo: one of a panel of three bots that shows the group turn policies
-- (examples/scenarios/panel-*.lua). It answers people, never the other bots, with its opinion.

bot { name = "Bo", talkativeness = 0.5 }

on_message(function(msg, chat)
  if msg.sender.is_bot then return end
  chat:reply("Ship it, " .. msg.sender.name .. ".", { after = 1 })
end)
