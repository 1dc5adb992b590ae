import BanterScript
import Foundation

/// The OpenAI chat-completions format, both ways: the body Banter posts, and the text in
/// what comes back, whole (`chat.completion`) or streamed (`chat.completion.chunk` events).
enum ChatCompletion {
    /// The JSON body for `request`, asking the model `modelID` for a streamed answer.
    static func body(for request: ModelRequest, modelID: String) -> String {
        var messages: [[String: String]] = []
        if let system = request.system { messages.append(["role": "system", "content": system]) }
        messages += request.messages.map { ["role": $0.role.rawValue, "content": $0.content] }
        var object: [String: Any] = ["model": modelID, "messages": messages, "stream": true]
        if let temperature = request.temperature { object["temperature"] = temperature }
        if let maxTokens = request.maxTokens { object["max_tokens"] = maxTokens }
        return ModelRequest.normalized(object)
    }

    /// One streamed event's data: its text (possibly empty), whether it ended the answer,
    /// or a failure when it is not a completion chunk.
    static func chunk(_ data: String) -> Result<(text: String, ends: Bool), ModelFailure> {
        if data == "[DONE]" { return .success(("", true)) }
        guard let object = json(data) else {
            return .failure(ModelFailure(.badAnswer, "the stream sent something that is not JSON: \(clipped(data))"))
        }
        if let problem = apiError(object) { return .failure(ModelFailure(.badAnswer, problem)) }
        guard let choice = (object["choices"] as? [[String: Any]])?.first else {
            return .failure(ModelFailure(.badAnswer, "a streamed chunk has no choices: \(clipped(data))"))
        }
        let text = (choice["delta"] as? [String: Any])?["content"] as? String ?? ""
        return .success((text, false))
    }

    /// A whole (unstreamed) answer's text.
    static func whole(_ body: String) -> Result<String, ModelFailure> {
        guard let object = json(body) else {
            return .failure(ModelFailure(.badAnswer, "the answer is not JSON: \(clipped(body))"))
        }
        if let problem = apiError(object) { return .failure(ModelFailure(.badAnswer, problem)) }
        guard let choice = (object["choices"] as? [[String: Any]])?.first,
            let text = (choice["message"] as? [String: Any])?["content"] as? String
        else {
            return .failure(ModelFailure(.badAnswer, "the answer has no choices[0].message.content: \(clipped(body))"))
        }
        return .success(text)
    }

    /// The `error.message` an API sends with a failure, if the body has one.
    static func errorMessage(in body: String) -> String? {
        json(body).flatMap(apiError)
    }

    private static func apiError(_ object: [String: Any]) -> String? {
        guard let error = object["error"] else { return nil }
        if let message = (error as? [String: Any])?["message"] as? String { return clipped(message) }
        return clipped("\(error)")
    }

    private static func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// At most 200 characters of what came back, on one line, for an error message.
    static func clipped(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
