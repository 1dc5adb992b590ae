import BanterCore
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Escape injection")
struct InjectionTests {
    static let hostile = [
        "\u{1B}[2J\u{1B}[H wiped",
        "\u{1B}]0;pwned title\u{07} osc",
        "\u{1B}]8;;http://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{9B}31m eight-bit CSI \u{9D}0;title\u{9C}",
        "progress 50%\roverwritten",
        "Trojan \u{202E}txt.exe\u{202C} \u{2066}isolate\u{2069}",
        "bell\u{07} backspace\u{08} delete\u{7F} nul\u{0}",
        "\t tab \u{0B} vt \u{0C} ff",
        "link https://a.example/\u{1B}]8;;http://evil.example\u{07}x *bold\u{1B}[5m* `code\u{9B}`",
    ]

    /// Every scalar a terminal would act on rather than print.
    private func controls(in line: String) -> [UInt32] {
        line.unicodeScalars.map(\.value).filter {
            $0 < 0x20 || (0x7F...0x9F).contains($0) || (0x202A...0x202E).contains($0) || (0x2066...0x2069).contains($0)
        }
    }

    /// Removes the renderer's own SGR sequences and hyperlinks (checked independently of
    /// `SGR.strip`): a link it opens has an id naming the message, a target of printable
    /// ASCII and ends in ESC "\\".
    private func withoutOwnSGR(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(
                of: "\u{1B}\\]8;(id=m[0-9]+-[0-9]+)?;[!-~]*?\u{1B}\\\\", with: "", options: .regularExpression)
    }

    @Test("hostile content never reaches the terminal raw", arguments: [ColorMode.none, .palette256, .trueColor])
    func hostileContent(mode: ColorMode) {
        var messages: [Message] = []
        for (index, text) in Self.hostile.enumerated() {
            let sender: Sender = [.me, .them, .system][index % 3]
            messages.append(
                Message(
                    id: Int64(index + 1), conversationID: 1, sender: sender, text: text,
                    sentAt: Timestamp(millisecondsSince1970: Int64(index) * 7_200_000)
                ))
        }
        let renderer = TranscriptRenderer(
            theme: Theme(colorMode: mode),
            headerFormatter: HeaderFormatter(
                pattern: "{day}\u{1B}[31m\u{9B}2J {time}", timeZone: TimeZone(identifier: "UTC")!),
            now: Timestamp(millisecondsSince1970: 0),
            participant: Participant(name: "Eve\u{1B}]0;owned\u{07}\u{202E}")
        )
        var lines = renderer.render(Layout.items(for: messages, rules: GroupingRules()), width: 60)
        lines.append(renderer.typingIndicator(frame: 2, width: 60))
        lines += renderer.systemLine("system \u{1B}[5m blink", width: 60)
        let hit = messages[0]
        lines.append(
            renderer.searchHit(
                hit, highlighting: [hit.text.startIndex..<hit.text.index(hit.text.startIndex, offsetBy: 3)], width: 60))

        for line in lines {
            let rest = withoutOwnSGR(line)
            #expect(controls(in: rest).isEmpty, "raw control in \(rest.debugDescription)")
            if mode == .none { #expect(rest == line, "plain output must have no escapes") }
        }
        let joined = lines.joined(separator: "\n")
        #expect(joined.contains("␛[2J"))
        #expect(joined.contains("<U+009B>"))
        #expect(joined.contains("␍"))
        #expect(joined.contains("Eve␛]0;owned␇"))
    }
}
