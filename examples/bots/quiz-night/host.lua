-- Host: runs quiz night in a group. It welcomes people, hands the asking to Quizzy by
-- mentioning it (@Quizzy), and keeps the score when Quizzy says someone was right.
-- Run it with its partner: banter chat --bot host.lua --bot quiz.lua

bot { name = "Host", color = "#E0A030", typing = { cps = 30 } }

on_message(function(msg, chat)
  if msg.sender.is_bot then
    local winner = msg.sender.name == "Quizzy" and msg.text:match("^Correct, (.-)!")
    if winner then
      chat.memory.scores = chat.memory.scores or {}
      chat.memory.scores[winner] = (chat.memory.scores[winner] or 0) + 1
      chat:reply(("A point for %s (%d so far). @Quizzy, the next one!"):format(winner, chat.memory.scores[winner]),
        { after = 1 })
    end
    return
  end
  if msg.text:lower():find("quiz", 1, true) then
    chat:reply("Welcome to quiz night, " .. msg.sender.name .. "! @Quizzy, a question please.", { after = 1 })
  end
end)
