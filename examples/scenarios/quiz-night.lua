-- A group chat: a host bot hands the questions to a quiz bot by mentioning it, and Bob
-- (a person you speak for) and you answer. Run it with `banter test examples/scenarios`.
scenario { title = "quiz night", start = "2026-11-20 19:00", turns = "all", turn_budget = 8 }

participants {
  { bot = "../bots/quiz-night/host.lua" },
  { bot = "../bots/quiz-night/quiz.lua" },
  "Bob",
}

me "quiz time?"
expect_reply { from = "Host", text = "Welcome to quiz night, you! @Quizzy, a question please." }
expect_reply { from = "Quizzy", text = "Question 1: What is the capital of Australia?" }

as "Bob" "Sydney?"
expect_no_reply "5s"
as "Bob" "Canberra!"
expect_reply { from = "Quizzy", text = "Correct, Bob! 🎉" }
expect_reply { from = "Host", pattern = "^A point for Bob %(1 so far%)" }
expect_reply { from = "Quizzy", pattern = "^Question 2:" }

me "8"
expect_reply { from = "Quizzy", text = "Correct, you! 🎉" }
