import BanterCore

/// The declared message fields in the API catalogue, so `banter check`, `banter types`
/// and the runtime's key checks know them without a list of their own.
extension MessageField {
    /// The keys this field puts in a bot's `msg` table.
    var luaFields: [APIField] {
        switch (lua, kind) {
        case (.key(let key), _):
            [APIField(key, luaType, doc: doc)]
        case (.spread, .structure(let codec)):
            codec.luaKeys.map { APIField($0.name, $0.type, doc: $0.doc) }
        case (.spread, _):
            []
        }
    }

    /// The key `expect_reply { … }` checks this field with, if a scenario can.
    package var scenarioField: APIField? {
        scenarioKey.map { key in
            let seeAlso = if case .key(let luaKey) = lua { " (what bots see as `msg.\(luaKey)`)" } else { "" }
            return APIField(key, luaType, doc: "The reply's \(id) is this\(seeAlso).")
        }
    }
}
