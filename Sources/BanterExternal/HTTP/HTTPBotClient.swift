import AsyncHTTPClient
import BanterCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The one HTTP client every HTTP bot posts through (AsyncHTTPClient), made when the first
/// one posts: nothing of it runs in a chat without an HTTP bot. A request is waited for on
/// the session's thread, as a program bot's answer is, up to the bot's time limit; the
/// client's own threads do the networking.
enum HTTPBotClient {
    /// What came back: the status ("500 Internal Server Error") and the whole body.
    struct Answer {
        var status: UInt
        var reason: String
        var body: String
    }

    /// Connections are not retried (a refused one fails at once, not at the time limit) and
    /// redirects are not followed (a bot's address is given exactly).
    private static let client: HTTPClient = {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.retryConnectionEstablishment = false
        return HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, connectionPool: pool))
    }()

    /// The one event loop every post and its connection run on. Left to pick any loop of
    /// the group, a post on a kept-alive connection often ran on another loop than the
    /// connection, and its body followed the headers a thread hop later, as a packet of its
    /// own the server waited for (strace: two writes 0.5–0.8 ms apart instead of one writev).
    private static let loop = HTTPClient.defaultEventLoopGroup.next()

    /// Posts `body` (JSON) to `url` and waits at most `limit` for the whole answer; the
    /// error says in words what went wrong (refused, timed out, too large).
    static func post(_ body: String, to url: URL, within limit: Duration) throws(BotWire.Problem) -> Answer {
        let (seconds, attoseconds) = limit.components
        let deadline = NIODeadline.now() + .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        do {
            let request = try HTTPClient.Request(
                url: url, method: .POST,
                headers: HTTPHeaders([
                    ("Content-Type", "application/json"), ("Accept", "application/json"), ("User-Agent", "banter"),
                ]),
                body: .string(body))
            let response = try client.execute(
                request: request,
                delegate: ResponseAccumulator(request: request, maxBodySize: BotAction.maximumAnswerBytes),
                eventLoop: .delegateAndChannel(on: loop), deadline: deadline
            ).futureResult.wait()
            return Answer(
                status: response.status.code, reason: response.status.reasonPhrase,
                body: response.body.map { String(buffer: $0) } ?? "")
        } catch {
            throw BotWire.Problem(describe(error, url: url, limit: limit))
        }
    }

    /// An AsyncHTTPClient or SwiftNIO error as the end of "… did not answer a message: ".
    static func describe(_ error: any Error, url: URL, limit: Duration) -> String {
        let refused =
            "the connection was refused (is its server running on \(url.host ?? "?"):\(url.port ?? (url.scheme == "https" ? 443 : 80))?)"
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout: return "no answer within \(DurationParser.format(limit))"
            case .connectTimeout: return "the connection could not be made within \(DurationParser.format(limit))"
            case .remoteConnectionClosed: return "the server closed the connection without answering"
            default: return "\(error)"
            }
        }
        if error is ResponseAccumulator.ResponseTooBigError {
            return "it flooded its answer (more than \(BotAction.maximumAnswerBytes >> 20) MiB)"
        }
        if let error = error as? NIOConnectionError {
            let causes = error.connectionErrors.map(\.error) + [error.dnsAError, error.dnsAAAAError].compactMap { $0 }
            if causes.contains(where: { ($0 as? IOError)?.errnoCode == ECONNREFUSED }) {
                return refused
            }
            return "no connection to \(error.host):\(error.port) (\(causes.map { "\($0)" }.joined(separator: "; ")))"
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED { return refused }
        return "\(error)"
    }
}
