/// Why a model call gave no text, as the bot sees it (`nil, err`): one line saying what
/// happened and what to do, starting with its kind.
package struct ModelFailure: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Hashable, Sendable {
        /// No answer within the model's `timeout`.
        case timeout
        /// Nothing listens at the address, or the endpoint refused the key.
        case refused
        /// The endpoint answered 429.
        case rateLimited = "rate-limited"
        /// The endpoint answered, but not with a completion (an HTTP error, malformed JSON,
        /// a broken stream).
        case badAnswer = "bad answer"
        /// The script named a model config.toml does not configure, or none are available here.
        case unknownModel = "unknown model"
        /// A scenario's cassette holds no answer for the request: the scenario fails (this
        /// one is raised as an error, not returned).
        case unrecorded = "not recorded"
        /// `--record` could not write the scenario's cassette: the scenario fails (raised
        /// as an error too) rather than pass with nothing kept.
        case unwritten = "not written"
    }

    package var kind: Kind
    package var detail: String

    package init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    package var description: String { "\(kind.rawValue): \(detail)" }

    /// Whether the scenario fails at this call (a cassette's fault, not the model's),
    /// rather than the bot being handed `nil, err` to deal with.
    package var failsScenario: Bool { kind == .unrecorded || kind == .unwritten }
}
