import BanterCore

/// Why an export could not be imported at all. Each says what to do about it; nothing was
/// stored when one is thrown.
package enum HistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The dates fit two orders equally well.
    case ambiguousDateOrder([DateOrder])
    /// No date order reads the dates.
    case noDateOrder
    /// The export holds no message.
    case noMessages(file: String)
    /// `--me` names nobody in the chat.
    case unknownMe(String, authors: [String])
    /// More than one person wrote and `--me` was not given.
    case whoIsMe(authors: [String])
    /// `--strict` and something was not understood.
    case strict(HistoryProblem)
    /// The export (a zip, a folder) holds no chat text, or more than one.
    case noChatText(path: String, reason: String)
    /// A file of the export could not be read.
    case unreadable(path: String, reason: String)
    /// `--channel` names no channel of a Slack export (or is needed: nil).
    case unknownChannel(String?, channels: [String])
    /// The path is not an export of a format Banter reads.
    case unknownFormat(path: String)

    package var description: String {
        switch self {
        case .ambiguousDateOrder(let orders):
            return "the dates read as " + orders.map(\.example).joined(separator: " and as ")
                + " alike: say which with --date-order " + orders.map(\.rawValue).joined(separator: "|")
        case .noDateOrder:
            return
                "no date order reads the dates (day/month/year, month/day/year or year/month/day): is this a WhatsApp export?"
        case .noMessages(let file):
            return "\(Self.clean(file)) holds no message: a WhatsApp export starts its lines with a date and time"
        case .unknownMe(let name, let authors):
            return "nobody named \"\(Self.clean(name))\" wrote in this chat; --me takes one of: \(Self.list(authors))"
        case .whoIsMe(let authors):
            return "which of \(Self.list(authors)) are you? Say with --me NAME"
        case .strict(let problem):
            return "\(Self.clean(problem.description)) (--strict stops at the first line not understood)"
        case .noChatText(let path, let reason):
            return "\(Self.clean(path)): \(reason)"
        case .unreadable(let path, let reason):
            return "\(Self.clean(path)) could not be read: \(reason)"
        case .unknownChannel(let name, let channels):
            let choices = channels.isEmpty ? "it holds no channel folder" : "its channels: \(Self.list(channels))"
            guard let name else { return "say which channel to import with --channel NAME (\(choices))" }
            return "the export has no channel \"\(Self.clean(name))\" (\(choices))"
        case .unknownFormat(let path):
            return "\(Self.clean(path)) is not an export Banter reads: give --from whatsapp for a WhatsApp chat "
                + "(.txt, .zip or its folder), or a transcript of `banter export --format json`"
        }
    }

    private static func clean(_ text: String) -> String { Sanitizer.sanitize(text) }

    private static func list(_ names: [String]) -> String {
        names.prefix(12).map { "\"\(clean($0))\"" }.joined(separator: ", ") + (names.count > 12 ? ", …" : "")
    }
}
