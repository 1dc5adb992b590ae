-- Alisha off the happy path, written to kill the mutants banter mutate found surviving
-- alisha.lua (docs/scenarios.md, "banter mutate"): asked before she knows anything, two
-- likes listed, a quiz word that is not at the start, a question mark that is not at the
-- end, the sea, and a quiz left unanswered.

scenario {
  bot = "../bots/alisha.lua",
  start = "2026-11-20 19:00",
  time_zone = "Europe/Paris",
  seed = 7,
}

me "what do I like"
expect_reply "You haven't told me yet!"

me "I like tea"
expect_reply "Oh, tea? What got you into that?"
me "I like long walks"
expect_reply "Oh, long walks? What got you into that?"
me "what do I like"
expect_reply "You told me you like tea, long walks 😉"

me "pop quiz"                    -- "quiz" only at the start
expect_reply "That sounds like a story. Go on?"
me "really? no"                  -- a question only at the end
expect_reply "That sounds like a story. Go on?"

me "quiz"
expect_reply "Quick quiz! Mountains or sea?"
me "the sea"
expect_reply "The sea, hm? Then you owe me a beach recommendation."

me "quiz"
expect_reply "Quick quiz! Mountains or sea?"
expect_reply("Too slow 😜 I'd have said mountains anyway.", { within = "11m" })
