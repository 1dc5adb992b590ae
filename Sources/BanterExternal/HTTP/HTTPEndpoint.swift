import BanterLua
import Foundation

/// A bot behind an HTTP endpoint: where each event is posted, in which shape, and under
/// which conversation id. Read from `--bot-url URL` or a bot file's `url = "…"`.
struct HTTPEndpoint: Hashable {
    var url: URL
    var format: HTTPBotFormat
    /// The id the bot knows the chat by (Rasa's `sender`, the events' `conversation`) when
    /// the bot file fixes it; nil: a new one each time the bot starts, so each chat and each
    /// scenario run is a conversation of its own to the server.
    var conversation: String?

    /// Checks `text` is an http or https URL with a host, and the format one Banter speaks
    /// (guessed from the URL when not given); errors name `file`.
    init(url text: String, format: String?, conversation: String?, file: String) throws(ScriptError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw ScriptError(
                file: file,
                reason:
                    "\(BotWire.excerpt(text)) is not an HTTP bot's address: give one like http://127.0.0.1:5005/webhooks/rest/webhook"
            )
        }
        self.url = url
        if let format {
            guard let known = HTTPBotFormat(rawValue: format) else {
                throw ScriptError(
                    file: file,
                    reason:
                        "\"format\" must be \(HTTPBotFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), not \(BotWire.excerpt(format))"
                )
            }
            self.format = known
        } else {
            self.format = HTTPBotFormat.guess(for: url)
        }
        self.conversation = conversation
    }
}
