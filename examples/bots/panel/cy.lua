-- Cy: one of a panel of three bots that shows the group turn policies
-- (examples/scenarios/panel-*.lua). It answers people, never the other bots, with its opinion.

bot { name = "Cy", talkativeness = 0.2 }

on_message(function(msg, chat)
  if msg.sender.is_bot then return end
  chat:reply("Wait for Monday, " .. msg.sender.name .. ".", { after = 1 })
end)
