import BanterCore
import Testing

@testable import BanterConfig

/// `[models.NAME]`: the language models bots may ask, and each mistake at its line.
struct ModelConfigTests {
    @Test func sectionsBecomeEndpointsWithTheirDefaults() throws {
        let file = try ConfigFile(
            text: """
                theme = "dark"

                [models.local]
                url = "http://127.0.0.1:11434/v1"
                model = "llama3.2"

                [models.gpt]
                url = "https://api.openai.com/v1"
                model = "gpt-4o-mini"
                key-env = "OPENAI_API_KEY"
                timeout = "30s"
                connect-timeout = "2s"
                """, path: "config.toml")
        #expect(
            file.models == [
                "local": ModelEndpoint(name: "local", baseURL: "http://127.0.0.1:11434/v1", modelID: "llama3.2"),
                "gpt": ModelEndpoint(
                    name: "gpt", baseURL: "https://api.openai.com/v1", modelID: "gpt-4o-mini",
                    keyVariable: "OPENAI_API_KEY", timeout: .seconds(30), connectTimeout: .seconds(2)),
            ])
        #expect(file.models["gpt"]?.completionsURL == "https://api.openai.com/v1/chat/completions")
    }

    @Test(
        arguments: [
            ("[models.a]\nmodel = \"m\"\n", "config.toml:1: [models.a] needs url"),
            (
                "[models.a]\nurl = \"ftp://x/v1\"\nmodel = \"m\"\n",
                "config.toml:2: models.a.url must be an http:// or https:// URL"
            ),
            ("[models.a]\nurl = \"http://x/v1\"\n", "config.toml:1: [models.a] needs model"),
            (
                "[models.a]\nurl = \"http://x/v1\"\nmodel = \"m\"\nkey = \"sk-1\"\n",
                "config.toml:4: unknown key \"key\" in [models.a]"
            ),
            (
                "[models.a]\nurl = \"http://x/v1\"\nmodel = \"m\"\ntimeout = \"soon\"\n",
                "config.toml:4: models.a.timeout must be a duration"
            ),
        ])
    func mistakesAreNamedAtTheirLine(text: String, message: String) {
        do {
            _ = try ConfigFile(text: text, path: "config.toml")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
