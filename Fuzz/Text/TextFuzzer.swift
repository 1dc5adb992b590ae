import BanterCore
import BanterTerminal
import BanterTheme
import Foundation

/// libFuzzer target for the text pipeline: arbitrary bytes (decoded as UTF-8, invalid
/// sequences replaced) through the sanitiser, display width, the word wrapper and the bubble
/// renderer. Byte 0 picks the width, byte 1 the options; the rest is up to four messages
/// separated by 0xFE (a byte UTF-8 never uses). Besides never crashing, every step must keep
/// its promise; a broken one stops the run with the reason (libFuzzer saves the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 2 else { return 0 }
    let width = 1 + Int(bytes[0]) % 120
    let options = bytes[1]
    let model: WidthModel = options & 1 == 0 ? .modern : .legacy
    let texts = bytes.dropFirst(2).split(separator: 0xFE, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }

    for text in texts {
        checkSanitizer(text)
        checkWrapping(Sanitizer.sanitize(text, keepingNewlines: true), width: width, model: model)
    }
    checkBubbles(texts, width: max(width, 20), options: options, model: model)
    return 0
}

/// Fails the run with `reason` when `condition` is false.
func require(_ condition: Bool, _ reason: @autoclosure () -> String) {
    if !condition { fatalError(reason()) }
}

/// A scalar that must never reach the terminal from content: C0 (LF aside where line breaks
/// are kept), DEL, C1 and the bidi embedding, override and isolate controls.
func isForbidden(_ scalar: Unicode.Scalar, allowingNewline: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: !allowingNewline
    case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

func checkSanitizer(_ text: String) {
    for keepingNewlines in [false, true] {
        let clean = Sanitizer.sanitize(text, keepingNewlines: keepingNewlines)
        let bad = clean.unicodeScalars.first { isForbidden($0, allowingNewline: keepingNewlines) }
        require(bad == nil, "sanitised text keeps U+\(String(bad?.value ?? 0, radix: 16)): \(clean.debugDescription)")
        require(
            Sanitizer.sanitize(clean, keepingNewlines: keepingNewlines) == clean,
            "sanitising twice changes \(clean.debugDescription)")
    }
}

func checkWrapping(_ clean: String, width: Int, model: WidthModel) {
    let lines = WordWrapper(model: model).wrap(clean, width: width)
    for line in lines {
        require(
            line.width == DisplayWidth.of(line.text, model: model),
            "wrapped line claims width \(line.width), measures \(DisplayWidth.of(line.text, model: model)): \(line.text.debugDescription)"
        )
        let visible = line.text.filter { DisplayWidth.of($0, model: model) > 0 }.count
        require(
            line.width <= width || visible == 1,
            "wrapped line \(line.text.debugDescription) is \(line.width) > \(width)")
    }
    let kept = lines.map { $0.text.filter { $0 != " " } }.joined()
    require(
        kept == clean.filter { $0 != " " && $0 != "\n" },
        "wrapping lost or added characters in \(clean.debugDescription)")
}

func checkBubbles(_ texts: [String], width: Int, options: UInt8, model: WidthModel) {
    let senders: [Sender] = [.me, .them, .system]
    let messages = texts.enumerated().map { index, text in
        Message(
            id: Int64(index + 1), conversationID: 1, sender: senders[(Int(options >> 1) + index) % 3], text: text,
            sentAt: Timestamp(millisecondsSince1970: 1_795_132_800_000 + Int64(index) * 1000 * Int64(options >> 4)),
            status: .sent)
    }
    let colorModes: [ColorMode] = [.none, .palette256, .trueColor]
    let renderer = TranscriptRenderer(
        theme: Theme(
            borderStyle: BorderStyle.allCases[Int(options >> 3) % BorderStyle.allCases.count],
            colorMode: colorModes[Int(options >> 5) % colorModes.count]),
        widthModel: model, headerFormatter: HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!),
        now: messages.last?.sentAt ?? Timestamp(millisecondsSince1970: 0),
        participant: Participant(name: texts.last ?? ""))
    let items = Layout.items(for: messages, rules: GroupingRules())
    for line in renderer.render(items, width: width) {
        let visible = SGR.strip(line)
        let bad = visible.unicodeScalars.first { isForbidden($0, allowingNewline: false) }
        require(bad == nil, "rendered line keeps U+\(String(bad?.value ?? 0, radix: 16)): \(visible.debugDescription)")
        require(
            DisplayWidth.of(visible, model: model) <= width - 1,
            "rendered line past the last column: \(visible.debugDescription)")
    }
    for item in items {
        guard case .message(let message, let position, _) = item, message.sender != .system else { continue }
        let bubble = renderer.renderMessage(message, position: position, width: width).map(SGR.strip)
        let widths = Set(bubble.map { DisplayWidth.of($0, model: model) })
        require(widths.count <= 1, "bubble lines of unequal width \(widths.sorted()): \(bubble)")
    }
}
