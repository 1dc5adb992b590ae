import BanterCore
import BanterLua

/// The host functions behind `chat:complete` and `chat:history_messages`: the options are
/// checked here, the request goes to the host's `ModelService`, and the handler pauses
/// until the answer is in (see `BotRuntime+Models`).
extension BotContext {
    /// How long the typing indicator shows at most while a live chat waits for a model (it
    /// goes as soon as the answer is in).
    static let modelTypingLimit: Duration = .seconds(300)

    func complete(_ arguments: [LuaValue], caller: OpaquePointer?) throws(LuaCallError) -> LuaReturn {
        let request = try Self.modelRequest(arguments.first ?? .nil)
        let run = try pausableRun("chat:complete", caller: caller)
        guard let service = host?.models else {
            return Self.answer(
                .failure(
                    ModelFailure(
                        .unknownModel,
                        "no language models here: configure [models.\(request.model)] in config.toml (docs/language-models.md)"
                    )))
        }
        let call = service.start(request)
        if let outcome = call.outcome { return Self.answer(outcome) }
        run.modelCall = call
        if !call.waitsForAnswer {
            run.modelCheckAt = now + BotRuntime.modelPollInterval
            showTyping(until: now + Self.modelTypingLimit)
        }
        return .yield
    }

    /// What `chat:complete` returns for an outcome: the text, or nil, the reason and (for a
    /// request its cassette lacks, or a cassette that cannot be written) true, which the
    /// support code raises as an error.
    static func answer(_ outcome: Result<String, ModelFailure>) -> LuaReturn {
        .values(answerValues(outcome))
    }

    static func answerValues(_ outcome: Result<String, ModelFailure>) -> [LuaValue] {
        switch outcome {
        case .success(let text): [.string(text)]
        case .failure(let failure):
            [.nil, .string("chat:complete: \(failure)"), .boolean(failure.failsScenario)]
        }
    }

    /// `chat:history_messages(n)`: the newest `n` messages (default 20) as `{ role, content }`,
    /// the user's as "user" and the bot's as "assistant", ready for `messages`.
    func historyMessages(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard currentRun != nil else {
            throw LuaCallError("chat:history_messages: can only be used inside a handler")
        }
        var count = 20
        if let value = arguments.first, !value.isNil {
            guard let number = value.doubleValue, number >= 1, number <= 1000, number == number.rounded() else {
                throw LuaCallError("chat:history_messages: the count must be a whole number from 1 to 1000")
            }
            count = Int(number)
        }
        let turns = (host?.recentMessages(count) ?? []).compactMap { message -> LuaValue? in
            guard !message.isDeleted, !message.text.isEmpty, message.role != .system else { return nil }
            let role = message.role == .me ? ModelMessage.Role.user : .assistant
            return .table(LuaTable(fields: ["role": .string(role.rawValue), "content": .string(message.text)]))
        }
        return .values([.table(LuaTable(array: turns))])
    }

    /// The options table of `chat:complete`, checked.
    static func modelRequest(_ value: LuaValue) throws(LuaCallError) -> ModelRequest {
        let options = try LuaArguments.table(
            value, "chat:complete", example: "chat:complete { model = \"local\", messages = chat:history_messages(10) }"
        )
        try LuaArguments.checkKeys(options, "chat:complete", known: ChatAPI.completeOptions.fieldNames)
        guard let model = options["model"].stringValue, !model.isEmpty else {
            throw LuaCallError("chat:complete: 'model' must name a [models.NAME] section of config.toml")
        }
        let system = try LuaArguments.optionalString(options["system"], "chat:complete: 'system'")
        var messages: [ModelMessage] = []
        switch options["messages"] {
        case .nil: break
        case .table(let list) where list.fields.isEmpty:
            for (offset, element) in list.array.enumerated() {
                let place = "chat:complete: messages[\(offset + 1)]"
                guard case .table(let entry) = element, let content = entry["content"].stringValue,
                    let roleName = entry["role"].stringValue
                else { throw LuaCallError("\(place) must be a table like { role = \"user\", content = \"Hi\" }") }
                guard let role = ModelMessage.Role(rawValue: roleName) else {
                    throw LuaCallError(
                        "\(place): 'role' must be \"user\", \"assistant\" or \"system\", got \"\(roleName)\"")
                }
                messages.append(ModelMessage(role: role, content: content))
            }
        case let other:
            throw LuaCallError(
                "chat:complete: 'messages' must be a list of { role, content } tables, got \(other.typeName)")
        }
        guard system != nil || !messages.isEmpty else {
            throw LuaCallError("chat:complete: give 'messages' (chat:history_messages(10), say) or a 'system' prompt")
        }
        var temperature: Double?
        if !options["temperature"].isNil {
            guard let value = options["temperature"].doubleValue, (0...2).contains(value) else {
                throw LuaCallError("chat:complete: 'temperature' must be a number from 0 to 2")
            }
            temperature = value
        }
        var maxTokens: Int?
        if !options["max_tokens"].isNil {
            guard let value = options["max_tokens"].doubleValue, value >= 1, value <= 1_000_000,
                value == value.rounded()
            else { throw LuaCallError("chat:complete: 'max_tokens' must be a whole number of at least 1") }
            maxTokens = Int(value)
        }
        return ModelRequest(
            model: model, system: system, messages: messages, temperature: temperature, maxTokens: maxTokens)
    }
}
