// BanterChat: the chat session that ties store, bot and clock together.
