import BanterScript
import Foundation

/// A scenario's models: answered from its cassette (`banter test`, `banter run`), or with
/// `--record` asked for real and written to it call by call. Replaying, the n-th call with
/// a request gets the n-th answer recorded for that request; a call the cassette lacks
/// fails the scenario with the request and how to record it. Replaying compares requests
/// as values and opens nothing but the file: no HTTP client, no SwiftNIO.
package final class CassetteModels: ModelService, @unchecked Sendable {
    package let path: String
    private let scenarioPath: String
    /// The endpoints that record, when recording.
    private let recorder: ModelClient?
    private let lock = NSLock()
    /// Read on the first call (a scenario that asks no model never opens the file).
    private var replayed: [ModelRequest: [Result<String, ModelFailure>]]?
    private var used: [ModelRequest: Int] = [:]
    private var recorded = Cassette()

    /// `recording` with the configured endpoints makes real calls and writes the cassette.
    package init(scenarioPath: String, recording: ModelClient? = nil) {
        self.scenarioPath = scenarioPath
        path = Cassette.path(forScenario: scenarioPath)
        recorder = recording
    }

    package func start(_ request: ModelRequest) -> ModelCall {
        guard let recorder else { return ModelCall(finished: replay(request)) }
        // The handler goes on once the answer is written down, not before: a run whose last
        // step is this call would otherwise end before its cassette is written.
        let real = recorder.start(request)
        let call = ModelCall(waitsForAnswer: real.waitsForAnswer)
        real.whenFinished { [self] outcome in call.finish(record(request, outcome)) }
        return call
    }

    /// A scenario's calls are in its cassette already.
    package var answeredCount: Int { 0 }
    package func cassetteText(skipping skipped: Int) -> String? { nil }

    private func replay(_ request: ModelRequest) -> Result<String, ModelFailure> {
        lock.lock()
        defer { lock.unlock() }
        if replayed == nil {
            guard FileManager.default.fileExists(atPath: path) else {
                return .failure(
                    ModelFailure(
                        .unrecorded,
                        "no cassette \(fileName) for this model call \(request.normalizedJSON); \(howToRecord)"))
            }
            do {
                replayed = Dictionary(grouping: try Cassette(contentsOf: path).entries, by: \.request)
                    .mapValues { $0.map(\.outcome) }
            } catch {
                return .failure(ModelFailure(.unrecorded, "\(error); \(howToRecord) again"))
            }
        }
        let index = used[request, default: 0]
        guard let outcomes = replayed?[request], index < outcomes.count else {
            return .failure(
                ModelFailure(.unrecorded, "\(fileName) has no answer for \(request.normalizedJSON); \(howToRecord)"))
        }
        used[request] = index + 1
        return outcomes[index]
    }

    /// Writes the cassette anew with every call recorded so far, so a run that stops half
    /// way keeps what it paid for. A cassette that cannot be written fails the call (and
    /// so the scenario) saying why, rather than passing with nothing kept.
    private func record(_ request: ModelRequest, _ outcome: Result<String, ModelFailure>) -> Result<
        String, ModelFailure
    > {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request, outcome)
        do {
            try Cassette.write(recorded.text, to: path)
        } catch {
            return .failure(
                ModelFailure(.unwritten, "\(error) (the answer is lost; make the folder writable and record again)"))
        }
        return outcome
    }

    private var fileName: String { URL(fileURLWithPath: path).lastPathComponent }

    private var howToRecord: String {
        "record it with `banter test --record \(URL(fileURLWithPath: scenarioPath).lastPathComponent)`"
    }
}
