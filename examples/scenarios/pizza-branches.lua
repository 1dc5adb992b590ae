-- Pizza Pronto, answered every way: the order and the size question are the shared
-- prefix, and each leaf of the branches below runs as a test case of its own
-- ("pizza-branches.lua › large › yes", …), with its own golden transcript.

scenario { bot = "../bots/pizza.lua", start = "2026-11-20 19:00" }

expect_card { title = "Margherita", buttons = { "Order", "Other pizzas" } }
tap "Order"
expect_reply { text = "Which size?", quick_replies = { "Small", "Medium", "Large" } }

branch "large" {
  tap "Large",
  expect_reply { pattern = "^A large Margherita" },
  branch "yes" {
    tap "Yes",
    expect_reply { pattern = "^Ordered!" },
  },
  branch "no" {
    tap "No",
    expect_card { title = "Margherita" },
  },
}

branch "medium" {
  tap "Medium",
  expect_reply { pattern = "^A medium" },
}

branch "types instead" {
  me "small please",
  expect_reply "Sorry, I only take pizza orders. Type menu to see it.",
}
