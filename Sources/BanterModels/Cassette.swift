import BanterScript
import Foundation

/// A scenario's recorded model answers, `NAME.cassette.jsonl` beside `NAME.lua`: one JSON
/// object a line, `{"request": {…}, "answer": "…"}` or `{"request": {…}, "error": "…"}`,
/// in the order the calls were made. The request is `ModelRequest.jsonObject` (the model's
/// configured name, system, messages, temperature, max_tokens), so the file names no
/// address and no key and replays anywhere.
package struct Cassette: Sendable {
    package struct Entry: Sendable {
        package var request: ModelRequest
        package var outcome: Result<String, ModelFailure>
    }

    package private(set) var entries: [Entry] = []

    package init() {}

    /// The cassette of the scenario at `scenarioPath`.
    package static func path(forScenario scenarioPath: String) -> String {
        let url = URL(fileURLWithPath: scenarioPath)
        return url.deletingPathExtension().path + ".cassette.jsonl"
    }

    /// Reads a cassette; a line that is not an entry is an error naming the file and line.
    package init(contentsOf path: String) throws(CassetteError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CassetteError(path: path, line: nil, message: "cannot read the cassette")
        }
        for (offset, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                let fields = object["request"] as? [String: Any]
            else {
                throw CassetteError(
                    path: path, line: offset + 1, message: "expected {\"request\": {…}, \"answer\": \"…\"}")
            }
            let request: ModelRequest
            do {
                request = try ModelRequest(jsonObject: fields)
            } catch {
                throw CassetteError(path: path, line: offset + 1, message: error.reason)
            }
            let outcome: Result<String, ModelFailure>
            if let answer = object["answer"] as? String {
                outcome = .success(answer)
            } else if let error = object["error"] as? String {
                outcome = .failure(Self.failure(from: error))
            } else {
                throw CassetteError(path: path, line: offset + 1, message: "an entry needs \"answer\" or \"error\"")
            }
            entries.append(Entry(request: request, outcome: outcome))
        }
    }

    /// Adds a call's outcome.
    package mutating func append(_ request: ModelRequest, _ outcome: Result<String, ModelFailure>) {
        entries.append(Entry(request: request, outcome: outcome))
    }

    /// Writes `text` to the cassette at `path`, replacing it at once (a file beside it,
    /// renamed over it, so a cassette is never half written); the error says why not in the
    /// system's words ("permission denied", "no space left on device").
    package static func write(_ text: String, to path: String) throws(CassetteError) {
        let temporary = path + ".writing"
        let bytes = Array(text.utf8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var failure = descriptor < 0 ? errno : 0
        if descriptor >= 0 {
            var offset = 0
            while failure == 0 && offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
                }
                if written < 0 && errno != EINTR { failure = errno } else if written > 0 { offset += written }
            }
            if close(descriptor) != 0 && failure == 0 { failure = errno }
            if failure == 0 && rename(temporary, path) != 0 { failure = errno }
            if failure != 0 { unlink(temporary) }
        }
        guard failure != 0 else { return }
        throw CassetteError(
            path: path, line: nil, message: "cannot write it: \(String(cString: strerror(failure)).lowercased())")
    }

    /// The file's text: one line per entry, keys sorted.
    package var text: String { text(skipping: 0) }

    /// The text of the entries after the first `skipped`, a cassette of their own.
    package func text(skipping skipped: Int) -> String {
        entries.dropFirst(skipped).map { entry in
            var object: [String: Any] = [:]
            switch entry.outcome {
            case .success(let answer): object["answer"] = answer
            case .failure(let failure): object["error"] = failure.description
            }
            let request = ModelRequest.normalized(object)
            // The request first, as it was normalised: `{"answer":…}` with it spliced in.
            return "{\"request\":\(entry.request.normalizedJSON)," + request.dropFirst() + "\n"
        }.joined()
    }

    /// A recorded error read back: its kind from the words before the first colon.
    private static func failure(from text: String) -> ModelFailure {
        guard let colon = text.range(of: ": "),
            let kind = ModelFailure.Kind(rawValue: String(text[..<colon.lowerBound]))
        else { return ModelFailure(.badAnswer, text) }
        return ModelFailure(kind, String(text[colon.upperBound...]))
    }
}

/// A cassette file that cannot be read: where and why.
package struct CassetteError: Error, CustomStringConvertible, Sendable {
    package var path: String
    package var line: Int?
    package var message: String

    package var description: String {
        "\(URL(fileURLWithPath: path).lastPathComponent)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
