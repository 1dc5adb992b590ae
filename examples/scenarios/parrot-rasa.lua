-- Parrot on Rasa's REST channel (examples/bots/parrot_server.py stands in for a Rasa server):
-- Banter posts {"sender", "message"} for each message and draws Rasa's answers, buttons and
-- images included. Start the server first: python3 examples/bots/parrot_server.py

scenario { bot = "../bots/parrot-rasa.toml", start = "2026-11-20 18:00" }

me "hello"
expect_reply { text = "Hi! I'm Parrot on Rasa's REST channel. Pick a colour:", buttons = { "Green", "Red" } }
tap "Red"
expect_reply "red is a fine feather colour."
expect_reply "https://example.com/red.png"

me "my name is Ada"
expect_reply "Nice to meet you, Ada!"
me "crackers"
expect_reply "crackers! crackers! squawk, Ada"
