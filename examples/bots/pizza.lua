-- Pizza: an order bot that shows off buttons, quick replies and a card. The menu is a
-- card with a picture from its own folder (pizza/margherita.png); sizes are quick replies
-- (they go once you pick one or type); the order is confirmed with buttons that stay.
-- Picks arrive in on_button with their payload; typed text goes to on/fallback as usual.

bot { name = "Pizza Pronto", greeting = "You are ordering from Pizza Pronto 🍕", initial = "P", color = "#E67E22" }

local function menu(chat)
  chat:reply("Tonight's special:", {
    card = {
      title = "Margherita",
      subtitle = "Tomato, mozzarella, basil · from 8 €",
      image = "pizza/margherita.png",
      buttons = { { label = "Order", payload = "order" }, { label = "Other pizzas", payload = "menu" } },
    },
  })
end

on_open(function(chat, first_time)
  if first_time then menu(chat) end
end)

on_button("^order$", function(_, _, chat)
  chat:reply("Which size?", {
    quick_replies = {
      { label = "Small", payload = "size:small" },
      { label = "Medium", payload = "size:medium" },
      { label = "Large", payload = "size:large" },
    },
  })
end)

on_button("^size:(%a+)$", function(_, _, chat, size)
  chat.memory.size = size
  chat:reply("A " .. size .. " Margherita. Shall I send it?", {
    buttons = { { label = "Yes", payload = "confirm" }, { label = "No", payload = "cancel" } },
  })
end)

on_button("^confirm$", function(_, _, chat)
  chat:reply("Ordered! It will be with you in 30 minutes 🛵", {
    buttons = { { label = "Track it", url = "https://example.com/track" } },
    final = true,
  })
end)

on_button("^cancel$", function(_, _, chat)
  chat.memory.size = nil
  menu(chat)
end)

on_button("^menu$", function(_, _, chat)
  chat:reply("We only make Margherita tonight. Shall we start again?", {
    quick_replies = { { label = "Start again", payload = "order" }, "Help" },
  })
end)

on("help", function(_, chat)
  chat:reply("Pick a button, or type its number (1, 2, …) on an empty line.", { final = true })
end, { ignore_case = true })

fallback(function(msg, chat)
  chat:reply("Sorry, I only take pizza orders. Type menu to see it.")
  if msg.text:lower():find("menu") then menu(chat) end
end)
