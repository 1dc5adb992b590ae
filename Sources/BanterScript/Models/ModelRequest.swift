import Foundation

/// What a bot asks a language model (`chat:complete { … }`): the configured model's name,
/// not its address, so a script reaches no endpoint but a configured one. Its
/// `normalizedJSON` is how a cassette recognises the same request again.
package struct ModelRequest: Hashable, Sendable {
    /// The `[models.NAME]` section of config.toml to ask.
    package var model: String
    package var system: String?
    package var messages: [ModelMessage]
    package var temperature: Double?
    package var maxTokens: Int?

    package init(
        model: String, system: String? = nil, messages: [ModelMessage], temperature: Double? = nil,
        maxTokens: Int? = nil
    ) {
        self.model = model
        self.system = system
        self.messages = messages
        self.temperature = temperature
        self.maxTokens = maxTokens
    }

    /// The request as a JSON object (only the fields given), the form a cassette stores.
    package var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "model": model, "messages": messages.map { ["role": $0.role.rawValue, "content": $0.content] },
        ]
        if let system { object["system"] = system }
        if let temperature { object["temperature"] = temperature }
        if let maxTokens { object["max_tokens"] = maxTokens }
        return object
    }

    /// One line of JSON with sorted keys: the same request always reads the same.
    package var normalizedJSON: String { Self.normalized(jsonObject) }

    /// A JSON value written with sorted keys and no escaped slashes, on one line.
    package static func normalized(_ object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// One turn of the conversation a model is shown.
package struct ModelMessage: Hashable, Sendable {
    /// Who said it, in the OpenAI chat format's words.
    package enum Role: String, Hashable, Sendable, CaseIterable {
        case system, user, assistant
    }

    package var role: Role
    package var content: String

    package init(role: Role, content: String) {
        self.role = role
        self.content = content
    }
}
