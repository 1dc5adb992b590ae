/// A language model a bot may ask (`[models.NAME]` in config.toml): where its
/// OpenAI-compatible API is, which model to ask there, the environment variable holding the
/// key (the key itself is read only when a request goes out, and never reaches a script),
/// and how long to wait.
package struct ModelEndpoint: Hashable, Sendable {
    /// The section's name, what a script passes as `model`.
    package var name: String
    /// The API's base URL, such as `https://api.openai.com/v1` (requests go to
    /// `BASE/chat/completions`).
    package var baseURL: String
    /// The model's id at the endpoint (`gpt-4o-mini`, `llama3.2`).
    package var modelID: String
    /// The environment variable holding the API key, if the endpoint needs one.
    package var keyVariable: String?
    /// How long the whole answer may take.
    package var timeout: Duration
    /// How long the endpoint may take to start answering (connect and response head).
    package var connectTimeout: Duration

    package static let defaultTimeout: Duration = .seconds(60)
    package static let defaultConnectTimeout: Duration = .seconds(10)

    package init(
        name: String, baseURL: String, modelID: String, keyVariable: String? = nil,
        timeout: Duration = ModelEndpoint.defaultTimeout, connectTimeout: Duration = ModelEndpoint.defaultConnectTimeout
    ) {
        self.name = name
        self.baseURL = baseURL
        self.modelID = modelID
        self.keyVariable = keyVariable
        self.timeout = timeout
        self.connectTimeout = connectTimeout
    }

    /// Where chat completions are posted.
    package var completionsURL: String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + "/chat/completions"
    }
}
