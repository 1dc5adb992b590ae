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

    /// A request read back from its `jsonObject` (a cassette's line), so that replaying
    /// compares requests as values rather than writing each one as JSON again; throws the
    /// reason when `object` is not one.
    package init(jsonObject object: [String: Any]) throws(Malformed) {
        if let unknown = object.keys.sorted().first(where: { !Self.jsonKeys.contains($0) }) {
            throw Malformed("the request has an unknown key \"\(unknown)\"")
        }
        guard let model = object["model"] as? String else { throw Malformed("the request needs \"model\", a string") }
        guard let list = object["messages"] as? [Any] else {
            throw Malformed("the request needs \"messages\", a list of {\"role\", \"content\"}")
        }
        var messages: [ModelMessage] = []
        for (offset, element) in list.enumerated() {
            guard let entry = element as? [String: Any], entry.count == 2,
                let role = (entry["role"] as? String).flatMap(ModelMessage.Role.init(rawValue:)),
                let content = entry["content"] as? String
            else {
                throw Malformed(
                    "messages[\(offset + 1)] must be {\"role\": \"user\", \"assistant\" or \"system\", \"content\": \"…\"}"
                )
            }
            messages.append(ModelMessage(role: role, content: content))
        }
        var system: String?
        if let value = object["system"] {
            guard let text = value as? String else { throw Malformed("\"system\" must be a string") }
            system = text
        }
        var temperature: Double?
        if let value = object["temperature"] {
            guard let number = value as? Double else { throw Malformed("\"temperature\" must be a number") }
            temperature = number
        }
        var maxTokens: Int?
        if let value = object["max_tokens"] {
            guard let number = value as? Int else { throw Malformed("\"max_tokens\" must be a whole number") }
            maxTokens = number
        }
        self.init(model: model, system: system, messages: messages, temperature: temperature, maxTokens: maxTokens)
    }

    /// The keys `jsonObject` may write.
    private static let jsonKeys: Set<String> = ["model", "system", "messages", "temperature", "max_tokens"]

    /// Why a JSON object is not a request.
    package struct Malformed: Error, Sendable {
        package var reason: String
        init(_ reason: String) { self.reason = reason }
    }

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
