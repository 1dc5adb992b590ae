import BanterCore
import BanterLua
import Foundation

/// The host functions behind the bot API. Each validates its arguments and throws a
/// `LuaCallError` naming the function; the trampoline adds the script's file:line.
extension BotContext {
    // MARK: Declarations (while the script loads)

    func declareBot(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard var declarations else { throw LuaCallError("bot: can only be declared while the script loads") }
        guard declarations.name == nil else { throw LuaCallError("bot: declared twice") }
        let options = try LuaArguments.table(arguments.first ?? .nil, "bot", example: "bot { name = \"Alisha\" }")
        try LuaArguments.checkKeys(options, "bot", known: BotAPI.botOptions.fieldNames)
        guard let name = options["name"].stringValue, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LuaCallError("bot: 'name' must be a non-empty string")
        }
        declarations.name = name
        declarations.greeting = try LuaArguments.optionalString(options["greeting"], "bot: 'greeting'")
        if let initial = try LuaArguments.optionalString(options["initial"], "bot: 'initial'") {
            guard initial.count == 1 else {
                throw LuaCallError("bot: 'initial' must be one character, got \"\(initial)\"")
            }
            declarations.initial = initial
        }
        let colorValue = options["color"].isNil ? options["colour"] : options["color"]
        if let color = try LuaArguments.optionalString(colorValue, "bot: 'color'") {
            guard BotContext.isHexColor(color) else {
                throw LuaCallError("bot: 'color' must look like \"#RRGGBB\", got \"\(color)\"")
            }
            declarations.color = color
        }
        if !options["talkativeness"].isNil {
            guard let chance = options["talkativeness"].doubleValue, (0...1).contains(chance) else {
                throw LuaCallError("bot: 'talkativeness' must be a number from 0 (never) to 1 (always)")
            }
            declarations.talkativeness = chance
        }
        switch options["typing"] {
        case .nil:
            break
        case .table(let typing):
            try LuaArguments.checkKeys(typing, "bot: 'typing'", known: BotAPI.typingOptions.fieldNames)
            guard let cps = typing["cps"].doubleValue, cps > 0, cps.isFinite else {
                throw LuaCallError("bot: 'typing.cps' must be a positive number of characters per second")
            }
            declarations.typingCharactersPerSecond = cps
        case let other:
            throw LuaCallError("bot: 'typing' must be a table like { cps = 12 }, got \(other.typeName)")
        }
        self.declarations = declarations
        return .none
    }

    func declareGrouping(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard var declarations else { throw LuaCallError("grouping: can only be declared while the script loads") }
        let change = try LuaArguments.grouping(arguments.first ?? .nil, "grouping")
        let rules = change.applied(to: declarations.grouping ?? GroupingRules())
        declarations.grouping = rules
        self.declarations = declarations
        return .none
    }

    func declareSeed(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard var declarations else { throw LuaCallError("seed: can only be declared while the script loads") }
        let list = try LuaArguments.table(
            arguments.first ?? .nil, "seed", example: "seed { { from = \"them\", text = \"Hi\", at = \"-1h\" } }")
        guard list.fields.isEmpty else { throw LuaCallError("seed: expected a list of messages") }
        for (offset, element) in list.array.enumerated() {
            let place = "seed: message \(offset + 1)"
            guard case .table(let entry) = element else { throw LuaCallError("\(place) must be a table") }
            try LuaArguments.checkKeys(entry, place, known: BotAPI.seedMessage.fieldNames)
            guard let from = entry["from"].stringValue, let role = Sender.Role(rawValue: from) else {
                throw LuaCallError("\(place): 'from' must be \"me\", \"them\" or \"system\"")
            }
            guard let text = entry["text"].stringValue else { throw LuaCallError("\(place): 'text' must be a string") }
            let time: SeedTime
            switch entry["at"] {
            case .nil:
                time = .now
            case .string(let spec):
                do { time = try SeedTime.parse(spec) } catch { throw LuaCallError("\(place): \(error)") }
            case let number where number.doubleValue != nil:
                time = .offset(.milliseconds(Int64((number.doubleValue! * 1000).rounded())))
            case let other:
                throw LuaCallError("\(place): 'at' must be a string or a number of seconds, got \(other.typeName)")
            }
            declarations.seeds.append(SeedMessage(sender: Sender(role), text: text, time: time))
        }
        self.declarations = declarations
        return .none
    }

    // MARK: Inside handlers

    /// Validates a reply before any waiting; returns the delay before it and how long the
    /// typing indicator shows (seconds, or nil).
    func prepareReply(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let options = arguments.count > 1 ? arguments[1] : .nil
        let (_, text) = try checkedReply(arguments.first ?? .nil, options: options)
        var after: LuaValue = .nil
        var typing: LuaValue = .nil
        switch options {
        case .nil:
            break
        case .table(let options):
            try LuaArguments.checkKeys(options, "chat:reply", known: ChatAPI.replyOptions.fieldNames)
            if !options["after"].isNil {
                after = .number(try seconds(LuaArguments.duration(options["after"], "chat:reply: 'after'")))
            }
            switch options["typing"] {
            case .nil, .boolean(false): break
            case .boolean(true):
                typing = .number(
                    seconds(BotDefinition.typingDuration(for: text, charactersPerSecond: typingCharactersPerSecond)))
            case let value: typing = .number(try seconds(LuaArguments.duration(value, "chat:reply: 'typing'")))
            }
            _ = try replyAttachments(options)
            _ = try ReplyActions.parse(options, "chat:reply")
        case let other:
            throw LuaCallError(
                "chat:reply: options must be a table like { after = 2, typing = true }, got \(other.typeName)")
        }
        if let run = currentRun, run.trace != nil, !(after.isNil && typing.isNil) {
            func duration(_ value: LuaValue) -> Duration? {
                value.doubleValue.map { .milliseconds(Int64(($0 * 1000).rounded())) }
            }
            traced(.reply(text, after: duration(after), typing: duration(typing)))
            // The reply's wait, its typing and wait, and its send are part of this entry.
            run.pendingReplySteps = (after.isNil ? 0 : 1) + (typing.isNil ? 0 : 2) + 1
        }
        return .values([after, typing])
    }

    /// Sends a reply (with its file and quote) and returns it as stored.
    func send(_ value: LuaValue, options: LuaValue) throws(LuaCallError) -> Message {
        let (run, text) = try checkedReply(value, options: options)
        var reply = BotReply(text: text)
        if case .table(let options) = options {
            let (fileName, quotedID) = try replyAttachments(options)
            if let fileName {
                reply.file = try BotFiles.read(fileName, botDirectory: botDirectory, function: "chat:reply")
            }
            reply.quotedMessageID = quotedID
            reply.actions = try ReplyActions.parse(options, "chat:reply")
            if let image = reply.actions?.card?.image {
                // The card's picture is sent as the message's file, so it is stored, exported
                // and drawn inline like any picture.
                guard fileName == nil else {
                    throw LuaCallError("chat:reply: give file or card.image, not both (a message carries one file)")
                }
                let file = try BotFiles.read(image, botDirectory: botDirectory, function: "chat:reply: card.image")
                reply.file = file
                reply.actions?.card?.image = file.name
            }
        }
        run.replies += 1
        if !isReplyStep() { traced(.reply(text, after: nil, typing: nil)) }
        showTyping(until: nil)
        guard let host else { throw LuaCallError("chat:reply: the conversation is closed") }
        do {
            let message = try host.botReplied(reply)
            if !debug.breakpoints.isEmpty { run.sentMessageIDs.append(message.id) }
            return message
        } catch {
            throw LuaCallError("chat:reply: the reply could not be stored: \(error)")
        }
    }

    /// The `file` and `quote` options of a reply, checked.
    private func replyAttachments(_ options: LuaTable) throws(LuaCallError) -> (file: String?, quotedID: Int64?) {
        let file = try LuaArguments.optionalString(options["file"], "chat:reply: 'file'")
        let quote = options["quote"]
        let quotedID = quote.isNil ? nil : try Self.messageID(quote, "chat:reply: 'quote'")
        return (file, quotedID)
    }

    func typing(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard currentRun != nil else { throw LuaCallError("chat:typing: can only be used inside a handler") }
        switch arguments.first ?? .nil {
        case .boolean(false):
            if !isReplyStep() { traced(.typing(nil)) }
            showTyping(until: nil)
        case let value:
            let duration = try LuaArguments.duration(value, "chat:typing")
            if !isReplyStep() { traced(.typing(duration)) }
            showTyping(until: now + duration)
        }
        return .none
    }

    func mark(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard currentRun != nil else { throw LuaCallError("chat:mark: can only be used inside a handler") }
        switch arguments.first?.stringValue {
        case "delivered":
            traced(.mark(.delivered))
            host?.botMarked(.delivered)
        case "read":
            traced(.mark(.read))
            host?.botMarked(.read)
        default: throw LuaCallError("chat:mark: expected \"delivered\" or \"read\"")
        }
        return .none
    }

    func wait(_ arguments: [LuaValue], caller: OpaquePointer?) throws(LuaCallError) -> LuaReturn {
        let run = try pausableRun("chat:wait", caller: caller)
        let duration = try LuaArguments.duration(arguments.first ?? .nil, "chat:wait")
        if !isReplyStep() { traced(.wait(duration)) }
        run.wakeAt = now + duration
        return .yield
    }

    func ask(_ arguments: [LuaValue], caller: OpaquePointer?) throws(LuaCallError) -> LuaReturn {
        let run = try pausableRun("chat:ask", caller: caller)
        let timeout = arguments.first ?? .nil
        let duration = timeout.isNil ? nil : try LuaArguments.duration(timeout, "chat:ask: 'timeout'")
        traced(.ask(timeout: duration))
        run.askDeadline = duration.map { now + $0 }
        run.isAsking = true
        return .yield
    }

    /// The support code entered a handler: its kind ("on", "on_message", "on_open",
    /// "fallback"), its index among the handlers of that kind, and the captures.
    func traceHandler(_ arguments: [LuaValue]) -> LuaReturn {
        guard let run = currentRun, run.trace != nil, arguments.count >= 2,
            let kind = arguments[0].stringValue, let index = arguments[1].doubleValue
        else { return .none }
        let captures = arguments.dropFirst(2).map { LuaState.printable($0) }
        run.dispatched.append((kind, Int(index), Array(captures)))
        return .none
    }

    func currentTime(_ arguments: [LuaValue]) -> LuaReturn {
        .values([.number(Double(now.millisecondsSince1970) / 1000)])
    }

    // MARK: Argument helpers

    func pausableRun(_ name: String, caller: OpaquePointer?) throws(LuaCallError) -> HandlerRun {
        guard let run = currentRun, caller == run.thread.pointer else {
            throw LuaCallError(
                "\(name): can only pause a handler itself (not while the script loads, nor inside coroutine.create/wrap)"
            )
        }
        guard run.pauses < limits.maxPausesPerRun else {
            throw LuaCallError("\(name): more than \(limits.maxPausesPerRun) pauses in one handler run")
        }
        run.pauses += 1
        return run
    }

    /// The run and the text of a `chat:reply`, checked the same way before any waiting
    /// (`prepare_reply`) and when it is sent: inside a handler, a printable text within the
    /// length limit, and the run still under its reply limit.
    private func checkedReply(_ value: LuaValue, options: LuaValue) throws(LuaCallError) -> (HandlerRun, String) {
        guard let run = currentRun else { throw LuaCallError("chat:reply: can only be used inside a handler") }
        let text: String
        let sendsFile = !(options.tableValue?["file"].isNil ?? true) || !(options.tableValue?["card"].isNil ?? true)
        switch value {
        case .string(let string): text = string
        case .integer, .number: text = LuaState.printable(value)
        case .nil where sendsFile: text = ""
        default: throw LuaCallError("chat:reply: the text must be a string, got \(value.typeName)")
        }
        // A character takes at least one byte, so only a long text needs counting.
        if text.utf8.count > limits.maxReplyLength {
            let length = text.count
            guard length <= limits.maxReplyLength else {
                throw LuaCallError(
                    "chat:reply: the reply is \(length) characters long; the limit is \(limits.maxReplyLength)")
            }
        }
        if run.replies >= limits.maxRepliesPerRun {
            throw LuaCallError("chat:reply: more than \(limits.maxRepliesPerRun) replies in one handler run")
        }
        return (run, text)
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.wholeMilliseconds) / 1000
    }

    static func isHexColor(_ text: String) -> Bool {
        text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}
