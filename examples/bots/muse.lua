-- Muse: a pen pal whose words come from a language model. Every message goes to the model
-- named "local" in config.toml ([models.local], see docs/language-models.md) with the
-- persona and the last ten messages; while it thinks, Muse shows as typing. In
-- examples/scenarios/muse.lua the answers come from muse.cassette.jsonl, so the scenario
-- needs no model and no network.

bot {
  name = "Muse",
  greeting = "Hi, I'm Muse. Tell me about your day?",
  color = "#8a4fff",
}

local persona = "You are Muse, a warm and curious pen pal. Answer in one or two short sentences, "
  .. "and ask one question back."

fallback(function(_, chat)
  local text, err = chat:complete {
    model = "local",
    system = persona,
    messages = chat:history_messages(10),
    temperature = 0.7,
    max_tokens = 120,
  }
  if text then
    chat:reply(text)
  else
    chat:reply("(Muse is lost for words: " .. err .. ")")
  end
end)
