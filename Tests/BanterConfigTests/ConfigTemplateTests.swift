import Testing

@testable import BanterConfig

@Suite("config --init template")
struct ConfigTemplateTests {
    @Test("the template parses, and uncommenting every key gives every default")
    func uncommented() throws {
        let template = ConfigTemplate.text
        let commented = try ConfigFile(text: template, path: "config.toml")
        #expect(commented.entries.isEmpty)
        let keyLine = #/^# ([a-z-]+) = (.*)$/#
        let uncommented = template.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let match = try? keyLine.wholeMatch(in: String(line)) else { return String(line) }
            return "\(match.1) = \(match.2)"
        }.joined(separator: "\n")
        let file = try ConfigFile(text: uncommented, path: "config.toml")
        #expect(Set(file.entries.keys) == Set(ConfigKey.allCases))
        for key in ConfigKey.allCases {
            guard let value = key.defaultValue else { continue }
            let expected = try key.check(value)
            #expect(file.entries[key]?.value == expected, "\(key.rawValue)")
        }
    }
}
