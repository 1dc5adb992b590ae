-- Parrot behind an HTTP endpoint (examples/bots/parrot_server.py, in Banter's event format):
-- each event is posted to it and Banter waits for the answer, so it runs on the virtual clock
-- like any bot. Start the server first: python3 examples/bots/parrot_server.py

scenario { bot = "../bots/parrot-http.toml", start = "2026-11-20 18:00", seed = 1 }

expect_reply "Hi! I'm Parrot, over HTTP 🦜"
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
