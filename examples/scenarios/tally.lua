-- Tally is a JavaScript program (examples/bots/tally.js), started through the bot file
-- examples/bots/tally.toml, which names its command: `node tally.js`.

scenario { bot = "../bots/tally.toml", start = "2026-11-20 09:00", seed = 1 }

expect_reply "Tally here. Every message counts."

me "one"
expect_typing()
expect_reply "That makes 1."

me "two?"
expect_reaction "🤔"
expect_reply "That makes 2."

me "reset"
expect_reply "Back to zero."
