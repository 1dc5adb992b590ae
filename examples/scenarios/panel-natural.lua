-- The natural turn policy: the bots a message mentions always answer it, and each other bot
-- does by its declared talkativeness (Ada 0.9, Bo 0.5, Cy 0.2), drawn from the scenario's
-- seed, so every run answers alike. A panel of three bots; run it with
-- `banter test examples/scenarios`.
scenario { title = "panel", start = "2026-11-20 10:00", turns = "natural", seed = 7 }

participants {
  { bot = "../bots/panel/ada.lua" },
  { bot = "../bots/panel/bo.lua" },
  { bot = "../bots/panel/cy.lua" },
}

me "release today?"
expect_reply { from = "Ada", text = "The tests pass, you." }
expect_reply { from = "Bo", text = "Ship it, you." }
expect_no_reply "5s"

me "last call"
expect_reply { from = "Ada", text = "The tests pass, you." }
expect_reply { from = "Bo", text = "Ship it, you." }
expect_no_reply "5s"

-- Quiet Cy speaks when mentioned.
me "@Cy, what do you say?"
expect_reply { from = "Ada", text = "The tests pass, you." }
expect_reply { from = "Cy", text = "Wait for Monday, you." }
expect_no_reply "5s"
