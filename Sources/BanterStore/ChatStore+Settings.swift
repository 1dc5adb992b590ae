import GRDB

extension ChatStore {
    /// A stored setting (theme, width model, last conversation…), as text.
    package func setting(_ key: String) throws(StoreError) -> String? {
        try read("read the setting \"\(key)\"") { db in
            try String.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key])
        }
    }

    /// Stores (or with nil, removes) a setting.
    func setSetting(_ value: String?, forKey key: String) throws(StoreError) {
        try write("save the setting \"\(key)\"") { db in
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO settings (key, value) VALUES (?, ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
    }
}
