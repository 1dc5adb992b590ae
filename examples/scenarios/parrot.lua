-- Parrot is a Python program (examples/bots/parrot.py), not a Lua script: Banter speaks to
-- it in JSON Lines and waits for each answer, so it runs on the virtual clock like any bot.

scenario { bot = "../bots/parrot.py", start = "2026-11-20 18:00", seed = 1 }

expect_reply "Hi! I'm Parrot 🦜 I repeat what you say."
expect_reply { text = "Tell me your name, or say 'remind me'.", quick_replies = { "remind me", "colours?" } }

me "my name is Ada"
expect_typing()
expect_reply "Nice to meet you, Ada!"

me "crackers"
expect_reply "crackers! crackers! squawk, Ada"

me "remind me"
expect_reply "OK, I'll squawk in a minute."
expect_no_reply "59s"
expect_reply { text = "SQUAWK! 60 seconds have passed.", within = "3s" }

me "colours?"
expect_reply { text = "Pick one:", buttons = { "Green", "Red" } }
tap "Green"
expect_reply "green is a fine feather colour."
