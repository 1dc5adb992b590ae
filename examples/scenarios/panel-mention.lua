-- The mention turn policy: only the bots a message mentions (@Name) answer it.
-- A panel of three bots; run it with `banter test examples/scenarios`.
scenario { title = "panel", start = "2026-11-20 10:00", turns = "mention" }

participants {
  { bot = "../bots/panel/ada.lua" },
  { bot = "../bots/panel/bo.lua" },
  { bot = "../bots/panel/cy.lua" },
}

me "@Bo, release today?"
expect_reply { from = "Bo", text = "Ship it, you." }
expect_no_reply "5s"

me "@Ada @Cy and you two?"
expect_reply { from = "Ada", text = "The tests pass, you." }
expect_reply { from = "Cy", text = "Wait for Monday, you." }

me "nobody mentioned, nobody answers"
expect_no_reply "5s"
