-- Pizza Pronto: the card on opening, a size picked from quick replies, the order
-- confirmed with a button, and a tap on a quick reply that has gone.

scenario { bot = "../bots/pizza.lua", start = "2026-11-20 19:00" }

expect_card { title = "Margherita", image = "margherita.png", buttons = { "Order", "Other pizzas" } }
tap "Order"
expect_reply { text = "Which size?", quick_replies = { "Small", "Medium", "Large" } }
tap { payload = "size:large" }
expect_reply {
  text = "A large Margherita. Shall I send it?",
  buttons = { { label = "Yes", payload = "confirm" }, { label = "No", payload = "cancel" } },
}
tap(2)
expect_card { title = "Margherita" }
tap "Order"
expect_reply "Which size?"
me "small please"
expect_reply "Sorry, I only take pizza orders. Type menu to see it."
tap { label = "Order", to = -2 }
expect_reply "Which size?"
tap "Medium"
expect_reply { pattern = "^A medium" }
tap "Yes"
expect_reply {
  text = "Ordered! It will be with you in 30 minutes 🛵",
  buttons = { { label = "Track it", url = "https://example.com/track" } },
}
tap { label = "Other pizzas", to = -5 }
expect_reply { text = "We only make Margherita tonight. Shall we start again?", quick_replies = { "Start again", "Help" } }
tap "Help"
expect_reply "Pick a button, or type its number (1, 2, …) on an empty line."
