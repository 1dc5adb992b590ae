-- Grumpy at the edges of his patterns, written to kill the mutants banter mutate found
-- surviving grumpy.lua (docs/scenarios.md, "banter mutate"): greetings and questions only
-- where his anchors say, and the 80-character limit to the character.

scenario { bot = "../bots/grumpy.lua", start = "2026-11-16 12:00", seed = 1 }

me "oh hi"                       -- a greeting only at the start
expect_reply "k."

me "why? no"                     -- a question only at the end
expect_reply "k."

me "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
expect_reply "k."                -- 80 characters are not too long,
me "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
expect_reply "Too long, didn't read."   -- 81 are
