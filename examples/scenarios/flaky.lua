-- Flaky on a bad network: receipts arrive late, and with seed 8 the second follow-up is
-- lost. Delivered after 2 s, read 5 s later, then she types her answer.

scenario { bot = "../bots/flaky.lua", start = "2026-11-20 08:30", seed = 8 }

me "ping"
expect_status "sent"
wait "2s"
expect_status "delivered"
wait "5s"
expect_status "read"
expect_typing()
expect_reply "pong (sorry, 1 bar here)"

me "are you on the train?"
expect_reply "Sorry, signal's bad, give me a sec"
expect_reply "Okay, back! What were you saying?"

me "I said: are you on the train?"
expect_reply "Sorry, signal's bad, give me a sec"
expect_no_reply "10m"      -- the follow-up was dropped

me "how many did you get?"
expect_reply "Got 4 of your messages so far"
