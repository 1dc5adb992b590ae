-- Message kinds with Chef Remy: pictures both ways, a reply that quotes, reactions, and
-- edits and deletions on both sides.

scenario { bot = "../bots/chef.lua", start = "2026-11-20 18:30" }

me "What's on the menu?"
expect_typing()
expect_reply { text = "Here is tonight's menu", file = "menu.png" }
react "😋"
expect_reply "Glad you like it 😋"

me { file = "files/dinner.png", text = "We had this last time" }
expect_reply { text = "Lovely photo (16x16)! Is that from your last visit?", quote = "We had this last time" }

me "book 8pm"
expect_reply "Booked for 8pm! See you tonigth"
expect_edit "Booked for 8pm! See you tonight"
expect_reply { text = "Reply to this message if you need to change it.", quote = "book 8pm" }
me { text = "Make it 4 people", quote = -1 }
expect_reply "About \"Reply to this message if you need to change it.\": noted!"

me "thanks!"
expect_reaction "❤️"

me "secret recipe?"
expect_reply "(staff only) the walk-in is broken again"
expect_delete "(staff only) the walk-in is broken again"
expect_reply "Sorry, wrong chat!"

me "see you at 9"
expect_reply "Ask me for the menu, or write: book 8pm"
edit "see you at 8"
expect_reply { pattern = "^I saw you changed that to: see you at 8" }
delete()
expect_reply "No worries, forgotten."
