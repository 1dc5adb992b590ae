// BanterTerminal: width, sanitising, themes, bubble rendering, animation, and the REPL.
