import BanterScript

/// What `expect_reply` accepts as the bot's next message.
package enum ReplyMatcher: Hashable, Sendable, CustomStringConvertible {
    /// Exactly this text.
    case exact(String)
    /// A Lua pattern found anywhere in the text (anchor it with `^…$` for the whole text).
    case pattern(String)
    /// A Lua function of the scenario returning true; evaluated by `ScenarioScript.matches`.
    case predicate(PredicateReference)

    /// How a failure names what was expected: `"Hi!"`, `pattern "^Hi"`, `a reply the predicate accepts`.
    package var description: String {
        switch self {
        case .exact(let text): "reply \(ScenarioText.quoted(text))"
        case .pattern(let pattern): "reply matching \(ScenarioText.quoted(pattern))"
        case .predicate: "reply accepted by the predicate"
        }
    }
}

/// A predicate function the scenario script keeps; only its `ScenarioScript` can run it.
package struct PredicateReference: Hashable, Sendable {
    let key: String
}
