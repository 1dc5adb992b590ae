-- Quizzy: asks a question whenever the host hands it the turn (@Quizzy), and says who got
-- the answer first. It answers only the host and people, never itself.

bot { name = "Quizzy", initial = "Q", typing = { cps = 30 } }

local questions = {
  { text = "What is the capital of Australia?", answer = "canberra" },
  { text = "How many legs does a spider have?", answer = "8" },
  { text = "Which planet is the largest?", answer = "jupiter" },
}

local function current(chat)
  local asked = chat.memory.asked or 0
  return asked, questions[(asked - 1) % #questions + 1]
end

on_message(function(msg, chat)
  local asked, question = current(chat)
  if msg.sender.is_bot then
    if msg.sender.name == "Host" and msg.mentions then
      chat.memory.asked = asked + 1
      local _, next_question = current(chat)
      chat:reply(("Question %d: %s"):format(asked + 1, next_question.text), { after = 1 })
    end
    return
  end
  if asked > 0 and chat.memory.solved ~= asked and msg.text:lower():find(question.answer, 1, true) then
    chat.memory.solved = asked
    chat:reply("Correct, " .. msg.sender.name .. "! 🎉", { after = 1 })
  end
end)
