-- Bea answers in bursts: quick short messages, each after its own typing dots, that
-- group into one cluster; a minute's pause starts a new cluster.

scenario { bot = "../bots/burst.lua", start = "2026-11-20 18:00", seed = 2 }

me "hey you"
expect_typing()
expect_reply "hiii"
expect_same_cluster()
expect_reply "how are youuu"
expect_same_cluster()
expect_reply "tell me everything"

wait "2m"
me "any news?"
expect_reply "WAIT"
expect_reply "you won't believe this"
expect_reply "i got the job!!!"
expect_reply "starting monday 😭🎉"
expect_no_reply "59s"
expect_cluster_break()           -- a minute later: a new cluster
expect_reply "ok i calmed down"
expect_same_cluster()
expect_reply "mostly"

me "congrats!!"
expect_reply(function(text) return #text > 0 end)
