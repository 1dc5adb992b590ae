-- Grumpy: terse, no typing indicator, his own grouping rules (2 h sections, 5 s clusters,
-- weekday headers), and he counts how often you bother him.

scenario { bot = "../bots/grumpy.lua", start = "2026-11-16 12:00", seed = 1 }

them "What."                     -- the other side can speak without the bot

me "hi"
expect_reply "Yeah, hi."         -- at once, no typing
expect_typing(false)

me "how are you"
expect_reply "Worse now."

-- Anything else: he reads it, lets you wait 30 seconds, then "k.".
me "I made soup"
expect_status "read"
expect_no_reply "29s"
expect_cluster_break()           -- 30 s after your message: his own cluster
expect_reply "k."

-- Questions get a random brush-off two seconds later.
me "want some?"
expect_no_reply "1s"
expect_reply { pattern = "^[%a%s%.]+$", within = "2s" }

-- His brush-offs come 30 s after each message: two messages 5 s apart get two "k."
-- 5 s apart, which his 5 s cluster gap keeps in one cluster.
wait "1m"
me "fine"
wait "5s"
expect_same_cluster()
me "more soup for me"
expect_reply "k."
expect_same_cluster()
expect_reply "k."
wait "6s"
me "count"
expect_reply "That's 7 messages. Not that I'm counting."

-- Three hours later is a new section with his weekday header.
wait "3h"
expect_section "Monday 15:02"
me "hi"
expect_reply "Yeah, hi."
