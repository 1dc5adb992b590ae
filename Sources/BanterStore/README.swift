// BanterStore: SQLite storage through GRDB (migrations, conversations, messages, bot memory, settings, paging, search).
