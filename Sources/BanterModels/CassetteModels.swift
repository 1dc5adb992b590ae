import BanterScript
import Foundation

/// A scenario's models: answered from its cassette (`banter test`, `banter run`), or with
/// `--record` asked for real and written to it call by call. Replaying, the n-th call with
/// a request gets the n-th answer recorded for that request; a call the cassette lacks
/// fails the scenario with the request and how to record it.
package final class CassetteModels: ModelService, @unchecked Sendable {
    package let path: String
    private let scenarioPath: String
    /// The endpoints that record, when recording.
    private let recorder: ModelClient?
    private let lock = NSLock()
    /// Read on the first call (a scenario that asks no model never opens the file).
    private var replayed: [String: [Cassette.Entry]]?
    private var used: [String: Int] = [:]
    private var recorded = Cassette()

    /// `recording` with the configured endpoints makes real calls and writes the cassette.
    package init(scenarioPath: String, recording: ModelClient? = nil) {
        self.scenarioPath = scenarioPath
        path = Cassette.path(forScenario: scenarioPath)
        recorder = recording
    }

    package func start(_ request: ModelRequest) -> ModelCall {
        if let recorder {
            let call = recorder.start(request)
            call.whenFinished { [self] outcome in record(request, outcome) }
            return call
        }
        return ModelCall(finished: replay(request))
    }

    /// A scenario's calls are in its cassette already.
    package func cassetteText() -> String? { nil }

    private func replay(_ request: ModelRequest) -> Result<String, ModelFailure> {
        lock.lock()
        defer { lock.unlock() }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let howToRecord =
            "record it with `banter test --record \(URL(fileURLWithPath: scenarioPath).lastPathComponent)`"
        if replayed == nil {
            guard FileManager.default.fileExists(atPath: path) else {
                return .failure(
                    ModelFailure(
                        .unrecorded, "no cassette \(name) for this model call \(request.normalizedJSON); \(howToRecord)"
                    ))
            }
            do {
                replayed = Dictionary(grouping: try Cassette(contentsOf: path).entries, by: \.request)
            } catch {
                return .failure(ModelFailure(.unrecorded, "\(error); \(howToRecord) again"))
            }
        }
        let key = request.normalizedJSON
        let index = used[key, default: 0]
        guard let entries = replayed?[key], index < entries.count else {
            return .failure(ModelFailure(.unrecorded, "\(name) has no answer for \(key); \(howToRecord)"))
        }
        used[key] = index + 1
        return entries[index].outcome
    }

    /// Writes the cassette anew with every call recorded so far, so a run that stops half
    /// way keeps what it paid for.
    private func record(_ request: ModelRequest, _ outcome: Result<String, ModelFailure>) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request, outcome)
        try? Data(recorded.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
