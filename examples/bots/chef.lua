-- Chef: a restaurant's booking bot that shows off the message kinds. It sends today's
-- menu as a picture (chef/menu.png, from its own folder), answers photos with their size,
-- quotes the booking it confirms, reacts to thanks, fixes its own typo with an edit,
-- deletes a message sent by mistake, and notices when you edit, delete or react.

bot { name = "Chef Remy", greeting = "You are chatting with Chez Remy 🍝", initial = "R", color = "#C0392B" }

on("menu", function(msg, chat)
  chat:reply("Here is tonight's menu", { file = "chef/menu.png", typing = "1s" })
end, { ignore_case = true })

on("^book (.+)", function(msg, chat, when)
  local sent = chat:reply("Booked for " .. when .. "! See you tonigth")
  chat:wait("2s")
  chat:edit(sent, "Booked for " .. when .. "! See you tonight")
  chat:reply("Reply to this message if you need to change it.", { quote = msg })
end, { ignore_case = true })

on("thank", function(msg, chat)
  chat:react(msg, "❤️")
end, { ignore_case = true })

on("^secret", function(msg, chat)
  local oops = chat:reply("(staff only) the walk-in is broken again")
  chat:delete(oops)
  chat:reply("Sorry, wrong chat!")
end, { ignore_case = true })

on_reaction(function(reaction, msg, chat)
  if reaction.added then chat:reply("Glad you like it " .. reaction.emoji) end
end)

on_edit(function(msg, chat)
  chat:reply("I saw you changed that to: " .. msg.text, { quote = msg })
end)

on_delete(function(msg, chat)
  chat:reply("No worries, forgotten.")
end)

fallback(function(msg, chat)
  local file = msg.attachment
  if file and file.width then
    chat:reply(("Lovely photo (%dx%d)! Is that from your last visit?"):format(file.width, file.height), { quote = msg })
  elseif file then
    chat:reply("Thanks, I got " .. file.name .. " (" .. file.size .. " bytes).")
  elseif msg.quote then
    chat:reply("About \"" .. msg.quote.text .. "\": noted!")
  else
    chat:reply("Ask me for the menu, or write: book 8pm")
  end
end)
