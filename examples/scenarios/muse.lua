-- Muse answers through a language model; the answers come from muse.cassette.jsonl beside
-- this file (recorded with `banter test --record`), so this runs with no model and no network.

scenario { bot = "../bots/muse.lua", start = "2026-11-20 18:00", seed = 1 }

me "I went climbing today"
expect_reply "Oh, I love that! Tell me more (21 letters is a good start)."

me "my arms are sore now"
expect_reply "Oh, I love that! Tell me more (20 letters is a good start)."
