-- Alisha, the default bot: she reads, types for as long as her reply takes, remembers
-- your name and what you like, and runs a little quiz with chat:ask.

scenario {
  bot = "../bots/alisha.lua",
  start = "2026-11-20 19:00",
  time_zone = "Europe/Paris",
  seed = 7,
}

me "hey there"
expect_status "read"        -- she reads at once,
expect_no_reply "1s"        -- thinks for a second,
expect_typing()             -- then types
expect_reply "Hi! How's your day going?"

me "My name is Sam"
expect_reply "Nice to meet you properly, Sam ✨"

me "I like climbing"
expect_reply { pattern = "^Oh, climbing%?" }

me "what do I like?"
expect_reply(function(text) return text:find("climbing", 1, true) ~= nil end)

-- A question gets a first thought, then a second reply three seconds later.
me "Do you like the mountains?"
expect_reply "Good question... let me think 🤔"
expect_same_cluster()
expect_reply "Honestly? I'd say yes."

-- Two hours later the next message opens a new section.
wait "2h"
expect_section "Today 21:00"
me "hi again"
expect_reply "Hi Sam! 😊"

me "quiz"
expect_reply "Quick quiz! Mountains or sea?"
expect_no_reply "5m"
me "mountains, obviously"
expect_reply "Mountains! I knew it. We'd get along."
