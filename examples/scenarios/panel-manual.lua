-- The manual turn policy: no bot answers until given the turn (`/next NAME` in the REPL,
-- `give_turn "NAME"` here); then it answers the newest message it did not write.
-- A panel of three bots; run it with `banter test examples/scenarios`.
scenario { title = "panel", start = "2026-11-20 10:00", turns = "manual" }

participants {
  { bot = "../bots/panel/ada.lua" },
  { bot = "../bots/panel/bo.lua" },
  { bot = "../bots/panel/cy.lua" },
  "Dee",
}

me "release today?"
expect_no_reply "5s"
give_turn "Cy"
expect_reply { from = "Cy", text = "Wait for Monday, you." }

as "Dee" "no, today!"
expect_no_reply "5s"
give_turn "Bo"
expect_reply { from = "Bo", text = "Ship it, Dee." }
