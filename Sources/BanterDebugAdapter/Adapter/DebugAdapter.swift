import BanterChat
import BanterCore
import Foundation

/// `banter debug`: a Debug Adapter Protocol server over standard input and output, so that
/// an editor (VS Code, Neovim's nvim-dap, any DAP client) debugs a bot through the host's
/// step debugger (see `ChatSession+Debugging`): breakpoints, stepping, the stack, scopes and
/// variables, expressions and restarting a handler.
///
/// One thread does everything, as the session wants: the loop reads a request, answers it,
/// and runs what the answer starts (the chat's messages, the scenario) after the response.
/// When the bot pauses, the session's `.botPaused` event arrives inside that run, and the
/// adapter serves requests there until the bot goes on (`servePause`), so a paused handler
/// is a suspended coroutine while the editor looks at it, and nothing else runs. Events
/// raised while a request is answered are held and sent after its response, in the order
/// the protocol wants (a `restartFrame` response before its `stopped`).
package final class DebugAdapter {
    private var reader: FrameReader
    private let writer: FrameWriter
    private var nextSeq = 1
    /// Events raised while a request is being answered, sent after its response.
    private var heldEvents: [() -> Void]?

    let launcher: DebugLauncher
    let defaults: LaunchDefaults
    /// How the client counts (from `initialize`).
    var linesStartAt1 = true
    var columnsStartAt1 = true
    /// What `launch` opened.
    var run: DebuggedRun?
    /// Whether `configurationDone` came (the run starts then).
    var configured = false
    var breakpoints = BreakpointBook()
    var handles = VariableHandles()
    /// Whether requests are being served inside a pause (a pause met there is only reported).
    var isServingPause = false
    let timeFormatter = DateFormatter()

    /// Reads requests from `input` and writes responses and events to `output`.
    package init(
        launcher: DebugLauncher, defaults: LaunchDefaults, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) {
        self.launcher = launcher
        self.defaults = defaults
        reader = FrameReader(descriptor: input)
        writer = FrameWriter(descriptor: output)
        timeFormatter.dateFormat = "HH:mm:ss"
        timeFormatter.locale = Locale(identifier: "en_US_POSIX")
    }

    /// Serves requests until the client disconnects or its input ends.
    package func serve() {
        // A client that went away is a failed write (see `FrameWriter`), not a signal.
        signal(SIGPIPE, SIG_IGN)
        while let request = nextRequest() { handle(request) }
    }

    /// The open session, once launched.
    var session: ChatSession? { run?.session }

    // MARK: Requests

    /// One request: its number, command and JSON (read again for its arguments).
    struct Request {
        var seq: Int
        var command: String
        var json: Data

        /// The request's arguments as `type`; throws when they are missing or malformed.
        func arguments<Arguments: Decodable>(_ type: Arguments.Type) throws(AdapterError) -> Arguments {
            guard let arguments = try optionalArguments(type) else {
                throw AdapterError("\(command) needs its arguments")
            }
            return arguments
        }

        /// The request's arguments as `type`, nil when it has none; throws when they are malformed.
        func optionalArguments<Arguments: Decodable>(_ type: Arguments.Type) throws(AdapterError) -> Arguments? {
            do {
                return try JSONDecoder().decode(RequestArguments<Arguments>.self, from: json).arguments
            } catch {
                throw AdapterError("\(command)'s arguments are not what the protocol says: \(Self.reason(error))")
            }
        }

        /// What was wrong with a request's arguments, in one line.
        static func reason(_ error: any Error) -> String {
            func name(_ path: [any CodingKey]) -> String {
                "\"" + path.dropFirst().map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                    + "\""
            }
            switch error as? DecodingError {
            case .keyNotFound(let key, let context)?: return name(context.codingPath + [key]) + " is missing"
            case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
                return name(context.codingPath) + " has the wrong type"
            case .dataCorrupted(let context)?: return name(context.codingPath) + " is malformed"
            default: return "\(error)"
            }
        }
    }

    /// What answering a request gives: the response's body, and what to do once the
    /// response is sent (start the run, let the bot go on).
    struct Reply {
        var body: (any Encodable)?
        var then: (() -> Void)?

        init(_ body: (any Encodable)? = nil, then: (() -> Void)? = nil) {
            self.body = body
            self.then = then
        }
    }

    /// The next request, answering malformed input with error responses on the way; nil at
    /// the end of input.
    func nextRequest() -> Request? {
        while true {
            switch reader.next() {
            case .end:
                return nil
            case .malformed(let reason):
                respondError(to: 0, command: "", reason)
            case .message(let json):
                guard let envelope = try? JSONDecoder().decode(IncomingMessage.self, from: json) else {
                    let why =
                        (try? JSONSerialization.jsonObject(with: json)) == nil ? "is not JSON" : "has no seq or type"
                    respondError(
                        to: 0, command: "",
                        "a message \(why): \(FrameReader.excerpt(String(decoding: json.prefix(60), as: UTF8.self)))")
                    continue
                }
                guard envelope.type == "request", let command = envelope.command else {
                    if envelope.type != "response" {
                        respondError(
                            to: envelope.seq, command: envelope.command ?? "",
                            "only requests are answered, not a \"\(envelope.type)\"")
                    }
                    continue
                }
                return Request(seq: envelope.seq, command: command, json: json)
            }
        }
    }

    /// Answers `request`: its response, the events it raised, then what it started.
    func handle(_ request: Request) {
        let outer = heldEvents
        heldEvents = []
        var after: (() -> Void)?
        do {
            let reply = try answer(request)
            respond(to: request, body: reply.body)
            after = reply.then
        } catch {
            respondError(to: request.seq, command: request.command, "\(error)")
        }
        let held = heldEvents ?? []
        heldEvents = outer
        for event in held { event() }
        after?()
    }

    // MARK: Writing

    private func takeSeq() -> Int {
        defer { nextSeq += 1 }
        return nextSeq
    }

    private func respond(to request: Request, body: (any Encodable)?) {
        writer.write(
            OutgoingResponse(
                seq: takeSeq(), requestSeq: request.seq, success: true, command: request.command,
                body: body.map(AnyEncodable.init)))
    }

    private func respondError(to seq: Int, command: String, _ message: String) {
        writer.write(
            OutgoingResponse(
                seq: takeSeq(), requestSeq: seq, success: false, command: command, message: message,
                body: ErrorBody(error: .init(id: 1, format: message, showUser: true))))
    }

    /// Sends event `name` now, or after the response being written.
    func send(event name: String, _ body: (any Encodable)? = nil) {
        let write = { [self] in
            writer.write(OutgoingEvent(seq: takeSeq(), event: name, body: body.map(AnyEncodable.init)))
        }
        if heldEvents != nil { heldEvents!.append(write) } else { write() }
    }

    /// Sends `text` as an `output` event of `category` (a line break added).
    func output(_ text: String, category: String = "console") {
        send(event: "output", DAP.OutputEvent(category: category, output: text + "\n"))
    }
}

/// A body of any type, for responses and events built from a table of requests.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
