/// Asks a terminal whose variables name nothing what it is: XTVERSION (`ESC [ > q`), then a
/// primary device attributes request (`ESC [ c`), which every terminal answers, so one that
/// does not know XTVERSION costs a round trip, not a timeout.
enum TerminalIdentityProbe {
    /// How long to wait for the device attributes (a local terminal answers in a few ms).
    static let timeoutMilliseconds = 200

    static let request = "\u{1B}[>q\u{1B}[c"

    /// The terminal's name from its XTVERSION reply, else `TerminalIdentity.unknown`.
    static func ask(query: TerminalQuery = TerminalQuery()) -> TerminalIdentity {
        let answer = query.ask(
            request, timeoutMilliseconds: timeoutMilliseconds,
            isComplete: { GraphicsProbeReply(bytes: $0).deviceAttributesEnd != nil })
        return identity(from: answer)
    }

    /// The pure half of `ask`: what the terminal's answer (nil: not a terminal) says.
    static func identity(from answer: TerminalQuery.Answer?) -> TerminalIdentity {
        guard let answer else { return .unknown }
        return TerminalIdentity.named(inVersionReply: answer.bytes)
            ?? TerminalIdentity(name: nil, source: answer.isComplete ? "no XTVERSION reply" : "no answer")
    }
}

extension FillShapes {
    /// The shapes filled bubbles are drawn with on this output, and the terminal that made
    /// the choice: `BANTER_FILL` (`blocks` or `cells`) when set, else what the terminal draws
    /// cleanly, named by its variables or, in a terminal that names nothing, by asking it
    /// (`TerminalIdentityProbe`). Output that is not a terminal is drawn for an unknown one.
    package static func choose(
        environment: [String: String], outputIsTerminal: Bool
    ) -> (shapes: FillShapes, terminal: TerminalIdentity) {
        if let variable = environment["BANTER_FILL"], let forced = FillShapes(rawValue: variable.lowercased()) {
            return (forced, TerminalIdentity(name: nil, source: "environment BANTER_FILL"))
        }
        let terminal: TerminalIdentity
        if let named = TerminalIdentity.named(in: environment) {
            terminal = named
        } else if outputIsTerminal, !["dumb", "linux", ""].contains(environment["TERM"] ?? "") {
            terminal = TerminalIdentityProbe.ask()
        } else {
            terminal = .unknown
        }
        return (drawnCleanly(by: terminal), terminal)
    }
}
