-- ELIZA with Weizenbaum's DOCTOR script (CACM, January 1966).
-- The engine in eliza/engine.lua reads the script in eliza/doctor.lua as data
-- and answers in upper case, as the 1966 program did. Its state (LIMIT, the
-- memory queue, the reassembly cycles) lives in chat.memory.eliza, so a
-- conversation carries on where it stopped after a restart.

local Eliza = require("eliza.engine")
local doctor = Eliza.parse(require("eliza.doctor"))

bot { name = "ELIZA", greeting = "ELIZA (Weizenbaum, 1966) is ready", typing = { cps = 30 } }

on_open(function(chat)
  if chat.memory.eliza == nil then
    local eliza = Eliza.new(doctor)
    chat:reply(eliza:opening())
    chat.memory.eliza = eliza:state()
  end
end)

on_message(function(msg, chat)
  local eliza = Eliza.new(doctor, chat.memory.eliza)
  chat:reply(eliza:respond(msg.text))
  chat.memory.eliza = eliza:state()
end)
