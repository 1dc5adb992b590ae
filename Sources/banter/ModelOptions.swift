import ArgumentParser
import BanterConfig
import BanterModels
import Foundation

/// `--record` of `banter test` and `banter run`: where a scenario's model calls are answered
/// from (its cassette, or with `--record` the models config.toml configures, written to it).
struct ModelOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Ask the language models config.toml configures and write each scenario's NAME.cassette.jsonl.",
            discussion: "Without it, a scenario's chat:complete calls are answered from its cassette only."))
    var record = false

    /// The models that record, with `--record`; an error when none are configured.
    func recorder(in settings: Settings) throws -> ModelClient? {
        guard record else { return nil }
        return try Self.recorder(configuredIn: settings.file)
    }

    /// The configured models, asked for real and waited for (a virtual clock stands still).
    static func recorder(configuredIn file: ConfigFile?) throws -> ModelClient {
        guard let file, !file.models.isEmpty else {
            throw Diagnostics.Failure(
                "--record: config.toml configures no language model; add a [models.NAME] section (docs/language-models.md)"
            )
        }
        return ModelClient(
            endpoints: file.models, environment: ProcessInfo.processInfo.environment, waitsForAnswers: true)
    }
}
