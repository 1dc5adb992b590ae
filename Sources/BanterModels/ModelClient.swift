import AsyncHTTPClient
import BanterCore
import BanterScript
import Foundation
import NIOCore
import NIOHTTP1

/// The configured language models, asked over HTTP: each `chat:complete` becomes a POST
/// to the model's `/chat/completions` through AsyncHTTPClient, its streamed answer read as
/// Server-Sent Events into the call as it arrives. Only the addresses in `endpoints` are
/// ever reached; the key is read from the environment when the request goes out.
package final class ModelClient: ModelService, @unchecked Sendable {
    package let endpoints: [String: ModelEndpoint]
    private let environment: [String: String]
    /// Whether calls block the handler's runtime until answered (a virtual clock).
    private let waitsForAnswers: Bool
    /// Every call that ended, in the order they ended (what `/save` writes as the cassette).
    private var answered = Cassette()
    private let lock = NSLock()

    package init(endpoints: [String: ModelEndpoint], environment: [String: String], waitsForAnswers: Bool) {
        self.endpoints = endpoints
        self.environment = environment
        self.waitsForAnswers = waitsForAnswers
    }

    /// One client for the process: connection failures are reported at once rather than
    /// retried until a timeout, so a model that is down says so. Never shut down: it lives
    /// as long as the process.
    private static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Every call is kept for `/save`, one refused before it went out included (the saved
    /// scenario's replay then meets the same refusal), and kept before its outcome shows:
    /// a `/save` right after the answer has it.
    package func start(_ request: ModelRequest) -> ModelCall {
        let endpoint: ModelEndpoint
        let key: String?
        switch prepare(request) {
        case .success(let prepared): (endpoint, key) = prepared
        case .failure(let failure):
            keep(request, .failure(failure))
            return ModelCall(finished: .failure(failure))
        }
        let call = ModelCall(waitsForAnswer: waitsForAnswers)
        let body = ChatCompletion.body(for: request, modelID: endpoint.modelID)
        Task.detached { [self] in
            let outcome = await Self.perform(body: body, key: key, endpoint: endpoint, into: call)
            keep(request, outcome)
            call.finish(outcome)
        }
        return call
    }

    /// The request's endpoint and key, or why it cannot go out.
    private func prepare(_ request: ModelRequest) -> Result<(ModelEndpoint, String?), ModelFailure> {
        guard let endpoint = endpoints[request.model] else {
            let known = endpoints.keys.sorted()
            return .failure(
                ModelFailure(
                    .unknownModel,
                    "no [models.\(request.model)] in config.toml"
                        + (known.isEmpty ? " (none are configured)" : "; configured: \(known.joined(separator: ", "))")
                ))
        }
        guard let variable = endpoint.keyVariable else { return .success((endpoint, nil)) }
        guard let value = environment[variable], !value.isEmpty else {
            return .failure(ModelFailure(.refused, "the key for \(request.model) is not set: export \(variable)"))
        }
        return .success((endpoint, value))
    }

    private func keep(_ request: ModelRequest, _ outcome: Result<String, ModelFailure>) {
        lock.withLock { answered.append(request, outcome) }
    }

    package var answeredCount: Int { lock.withLock { answered.entries.count } }

    package func cassetteText(skipping skipped: Int) -> String? {
        lock.withLock { answered.entries.count <= skipped ? nil : answered.text(skipping: skipped) }
    }

    /// Posts the request and reads the answer, within the endpoint's time limit.
    private static func perform(
        body: String, key: String?, endpoint: ModelEndpoint, into call: ModelCall
    ) async -> Result<String, ModelFailure> {
        var request = HTTPClientRequest(url: endpoint.completionsURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.body = .bytes(ByteBuffer(string: body))
        let limit = endpoint.timeout
        let prepared = request
        return await withTaskGroup(of: Result<String, ModelFailure>?.self) { group in
            group.addTask {
                do {
                    return try await exchange(prepared, endpoint: endpoint, into: call)
                } catch let failure as ModelFailure {
                    return .failure(failure)
                } catch is CancellationError {
                    return nil
                } catch {
                    return .failure(failureFor(error, endpoint: endpoint))
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return Task.isCancelled
                    ? nil
                    : .failure(ModelFailure(.timeout, "\(endpoint.name) gave no full answer within \(limit.spoken)"))
            }
            var outcome: Result<String, ModelFailure> = .failure(ModelFailure(.badAnswer, "the request was cancelled"))
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }

    /// The HTTP exchange itself: the status, then the body, streamed or whole.
    private static func exchange(
        _ request: HTTPClientRequest, endpoint: ModelEndpoint, into call: ModelCall
    ) async throws -> Result<String, ModelFailure> {
        let response = try await http.execute(
            request, timeout: .milliseconds(endpoint.connectTimeout.wholeMilliseconds))
        guard response.status == .ok else {
            let body = String(buffer: try await response.body.collect(upTo: 64 * 1024))
            return .failure(failure(status: response.status, body: body, headers: response.headers, endpoint: endpoint))
        }
        let type = response.headers.first(name: "Content-Type") ?? ""
        guard type.lowercased().hasPrefix("text/event-stream") else {
            return ChatCompletion.whole(String(buffer: try await response.body.collect(upTo: 8 << 20)))
        }
        var events = ServerSentEvents()
        var text = ""
        for try await buffer in response.body {
            for data in events.feed(buffer.readableBytesView) {
                switch ChatCompletion.chunk(data) {
                case .failure(let failure): return .failure(failure)
                case .success((_, true)): return .success(text)
                case .success((let piece, false)):
                    text += piece
                    call.append(piece)
                }
            }
        }
        return .failure(ModelFailure(.badAnswer, "the stream ended before data: [DONE] (the answer may be cut short)"))
    }

    /// What an HTTP error status means for the bot.
    private static func failure(
        status: HTTPResponseStatus, body: String, headers: HTTPHeaders, endpoint: ModelEndpoint
    ) -> ModelFailure {
        let said = ChatCompletion.errorMessage(in: body).map { ": \($0)" } ?? ""
        switch status.code {
        case 429:
            let retry = headers.first(name: "Retry-After").map { " (retry after \($0) s)" } ?? ""
            return ModelFailure(.rateLimited, "\(endpoint.name) answered 429 Too Many Requests\(retry)\(said)")
        case 401, 403:
            let key = endpoint.keyVariable.map { "check $\($0)" } ?? "set key-env in [models.\(endpoint.name)]"
            return ModelFailure(.refused, "\(endpoint.name) refused the key (HTTP \(status.code)); \(key)\(said)")
        default:
            return ModelFailure(
                .badAnswer, "\(endpoint.name) answered HTTP \(status.code) \(status.reasonPhrase)\(said)")
        }
    }

    /// What a transport error means for the bot.
    static func failureFor(_ error: any Error, endpoint: ModelEndpoint) -> ModelFailure {
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") {
            return ModelFailure(.refused, "nothing answers at \(endpoint.baseURL) (connection refused)")
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .connectTimeout, .readTimeout:
                return ModelFailure(
                    .timeout, "\(endpoint.name) did not start answering within \(endpoint.connectTimeout.spoken)")
            case .remoteConnectionClosed:
                return ModelFailure(.badAnswer, "\(endpoint.name) closed the connection before the answer was complete")
            default:
                break
            }
        }
        return ModelFailure(.refused, "cannot reach \(endpoint.baseURL): \(ChatCompletion.clipped(text))")
    }
}

extension Duration {
    /// "2s", "1.5s": how a limit reads in an error.
    fileprivate var spoken: String {
        let milliseconds = wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(Double(milliseconds) / 1000)s"
    }
}
