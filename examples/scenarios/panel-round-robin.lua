-- The round_robin turn policy: one bot answers each person's message, in the order they
-- joined. A panel of three bots; run it with `banter test examples/scenarios`.
scenario { title = "panel", start = "2026-11-20 10:00", turns = "round_robin" }

participants {
  { bot = "../bots/panel/ada.lua" },
  { bot = "../bots/panel/bo.lua" },
  { bot = "../bots/panel/cy.lua" },
  "Dee",
}

me "release today?"
expect_reply { from = "Ada", text = "The tests pass, you." }
as "Dee" "really?"
expect_reply { from = "Bo", text = "Ship it, Dee." }
me "last word?"
expect_reply { from = "Cy", text = "Wait for Monday, you." }
me "and again"
expect_reply { from = "Ada", text = "The tests pass, you." }
expect_no_reply "5s"
