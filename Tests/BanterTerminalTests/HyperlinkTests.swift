import Testing

@testable import BanterTerminal

/// The OSC 8 writer cleans whatever target it is given, not only what the markup parser
/// already cleaned: a target is untrusted text on its way to the terminal.
@Suite struct HyperlinkTests {
    /// The bytes between `ESC ] 8 ; params ;` and the final `ESC \`.
    private func payload(_ escape: String) -> [UInt8] {
        var bytes = Array(escape.utf8)
        #expect(
            bytes.starts(with: Array("\u{1B}]8;".utf8)) && bytes.suffix(2) == [0x1B, 0x5C], "\(escape.debugDescription)"
        )
        bytes.removeFirst(4)
        bytes.removeLast(2)
        return bytes
    }

    @Test func everyTargetComesOutPrintable() {
        var targets = [
            "https://e.com/\u{1B}\\\u{1B}]0;pwned\u{7}", "a\u{7}b", "a\u{9C}b", "with space", "ünïcode", "\u{7F}",
            "\u{202E}evil",
        ]
        targets += (0..<0x100).map { String(Unicode.Scalar(UInt8($0))) + "x" }
        for target in targets {
            let bytes = payload(Hyperlink.open(target))
            #expect(bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(target.debugDescription) gave \(bytes)")
        }
    }

    @Test func targetsAreEncodedNotDropped() {
        #expect(Hyperlink.open("https://e.com/a b\u{1B}") == "\u{1B}]8;;https://e.com/a%20b%1B\u{1B}\\")
        #expect(Hyperlink.open("https://e.com/ü", id: "m1\u{1B};x") == "\u{1B}]8;id=m1x;https://e.com/%C3%BC\u{1B}\\")
        #expect(Hyperlink.open("https://e.com/ok") == "\u{1B}]8;;https://e.com/ok\u{1B}\\")
    }
}
