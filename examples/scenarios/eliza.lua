-- ELIZA with the DOCTOR script: the conversation Weizenbaum printed in his CACM paper
-- (January 1966), word for word. ELIZA opens the session herself.

scenario { bot = "../bots/eliza.lua", start = "1966-01-03 10:00", time_zone = "America/New_York" }

local cacm = {
  { "Men are all alike.", "IN WHAT WAY" },
  { "They're always bugging us about something or other.", "CAN YOU THINK OF A SPECIFIC EXAMPLE" },
  { "Well, my boyfriend made me come here.", "YOUR BOYFRIEND MADE YOU COME HERE" },
  { "He says I'm depressed much of the time.", "I AM SORRY TO HEAR YOU ARE DEPRESSED" },
  { "It's true. I am unhappy.", "DO YOU THINK COMING HERE WILL HELP YOU NOT TO BE UNHAPPY" },
  { "I need some help, that much seems certain.", "WHAT WOULD IT MEAN TO YOU IF YOU GOT SOME HELP" },
  { "Perhaps I could learn to get along with my mother.", "TELL ME MORE ABOUT YOUR FAMILY" },
  { "My mother takes care of me.", "WHO ELSE IN YOUR FAMILY TAKES CARE OF YOU" },
  { "My father.", "YOUR FATHER" },
  { "You are like my father in some ways.", "WHAT RESEMBLANCE DO YOU SEE" },
  { "You are not very aggressive but I think you don't want me to notice that.",
    "WHAT MAKES YOU THINK I AM NOT VERY AGGRESSIVE" },
  { "You don't argue with me.", "WHY DO YOU THINK I DON'T ARGUE WITH YOU" },
  { "You are afraid of me.", "DOES IT PLEASE YOU TO BELIEVE I AM AFRAID OF YOU" },
  { "My father is afraid of everybody.", "WHAT ELSE COMES TO MIND WHEN YOU THINK OF YOUR FATHER" },
  { "Bullies.", "DOES THAT HAVE ANYTHING TO DO WITH THE FACT THAT YOUR BOYFRIEND MADE YOU COME HERE" },
}

expect_reply { pattern = "^HOW DO YOU DO" }

-- Steps are ordinary function calls, so a loop writes the whole exchange; each failure
-- still points at the line of the call inside the loop.
for _, exchange in ipairs(cacm) do
  wait "20s"
  me(exchange[1])
  expect_reply(exchange[2])
end
