import BanterCore
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

/// Random Unicode and control bytes through sanitising, measuring, wrapping and rendering,
/// with a fixed seed and a fixed number of iterations, so a failure repeats exactly.
@Suite("Fuzz: sanitising, width and rendering")
struct FuzzRenderingTests {
    /// A scalar that must never reach the terminal from content: C0 (LF aside where line
    /// breaks are kept), DEL, C1 and the nine bidi embedding, override and isolate controls.
    static func isForbidden(_ scalar: Unicode.Scalar, allowingNewline: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !allowingNewline
        case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: true
        default: false
        }
    }

    @Test func sanitisedTextHasNoControlsAndIsStable() {
        var random = FuzzInput(seed: 0xB4A7_7E12)
        for iteration in 0..<3000 {
            let text = random.text()
            for keepingNewlines in [false, true] {
                let clean = Sanitizer.sanitize(text, keepingNewlines: keepingNewlines)
                let bad = clean.unicodeScalars.first { Self.isForbidden($0, allowingNewline: keepingNewlines) }
                #expect(
                    bad == nil,
                    "iteration \(iteration): U+\(String(bad?.value ?? 0, radix: 16)) left in \(clean.debugDescription)")
                #expect(
                    Sanitizer.sanitize(clean, keepingNewlines: keepingNewlines) == clean,
                    "iteration \(iteration): not stable")
                for line in clean.unicodeScalars.split(separator: "\n") {
                    if let first = line.first {
                        #expect(!Self.isCombiningMark(first), "iteration \(iteration): a line starts with a bare mark")
                    }
                }
            }
        }
    }

    @Test(arguments: [WidthModel.modern, .legacy])
    func wrappingKeepsEveryCharacterWithinTheWidth(model: WidthModel) {
        var random = FuzzInput(seed: 0x5EED_0001)
        let wrapper = WordWrapper(model: model)
        for iteration in 0..<3000 {
            let clean = Sanitizer.sanitize(random.text(maximumPieces: 20), keepingNewlines: true)
            let width = Int.random(in: 1...60, using: &random)
            let lines = wrapper.wrap(clean, width: width)
            for line in lines {
                #expect(line.width == DisplayWidth.of(line.text, model: model), "iteration \(iteration)")
                // Only a single grapheme wider than the line may overflow it (zero-width ones aside).
                let visible = line.text.filter { DisplayWidth.of($0, model: model) > 0 }.count
                #expect(
                    line.width <= width || visible == 1,
                    "iteration \(iteration): \(line.text.debugDescription) is \(line.width) > \(width)")
            }
            let kept = lines.map { $0.text.filter { $0 != " " } }.joined()
            let original = clean.filter { $0 != " " && $0 != "\n" }
            #expect(kept == original, "iteration \(iteration): wrapping lost or added characters")
        }
    }

    @Test func renderedTranscriptsAreSafeAlignedAndComplete() {
        var random = FuzzInput(seed: 0xC0FF_EE00)
        let formatter = HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!)
        for iteration in 0..<300 {
            let messages = Self.conversation(&random)
            let items = Layout.items(for: messages, rules: GroupingRules())
            let model: WidthModel = Bool.random(using: &random) ? .modern : .legacy
            let colorMode: ColorMode = [.none, .palette256, .trueColor].randomElement(using: &random)!
            let style = BorderStyle.allCases.randomElement(using: &random)!
            let width = Int.random(in: 20...120, using: &random)
            let renderer = TranscriptRenderer(
                theme: Theme(borderStyle: style, colorMode: colorMode), widthModel: model,
                headerFormatter: formatter, now: messages.last?.sentAt ?? Timestamp(millisecondsSince1970: 0),
                participant: Participant(name: random.text(maximumPieces: 3)))
            let context = "iteration \(iteration) (\(model), \(colorMode), \(style), width \(width))"

            let laidOut = items.compactMap { item -> Message? in
                if case .message(let message, _, _) = item { return message }
                return nil
            }
            #expect(laidOut.map(\.id).sorted() == messages.map(\.id).sorted(), "\(context): every message exactly once")
            #expect(
                zip(laidOut, laidOut.dropFirst()).allSatisfy { Message.chronological($0, $1) }, "\(context): time order"
            )

            let lines = renderer.render(items, width: width)
            for line in lines {
                if colorMode == .none {
                    #expect(!line.unicodeScalars.contains("\u{1B}"), "\(context): escape without colour")
                }
                let visible = SGR.strip(line)
                let bad = visible.unicodeScalars.first { Self.isForbidden($0, allowingNewline: false) }
                #expect(
                    bad == nil, "\(context): U+\(String(bad?.value ?? 0, radix: 16)) in \(visible.debugDescription)")
                #expect(
                    DisplayWidth.of(visible, model: model) <= width - 1, "\(context): past the last column: \(visible)")
            }
            let transcript = lines.joined(separator: "\n")
            for message in messages where message.text.hasPrefix("[m") {
                let token = "[m\(message.id)]"
                #expect(
                    transcript.components(separatedBy: token).count == 2, "\(context): \(token) not shown exactly once")
            }
            for item in items {
                guard case .message(let message, let position, _) = item, message.sender != .system else { continue }
                let bubble = renderer.renderMessage(message, position: position, width: width).map(SGR.strip)
                let widths = Set(bubble.map { DisplayWidth.of($0, model: model) })
                #expect(widths.count == 1, "\(context): bubble lines of unequal width: \(bubble)")
            }
        }
    }

    /// Up to 40 messages with hostile text, random senders and gaps that straddle the cluster
    /// and section thresholds, in shuffled order; most carry a visible token "[mID]".
    static func conversation(_ random: inout FuzzInput) -> [Message] {
        var time: Int64 = 1_795_132_800_000
        let gaps: [Int64] = [0, 1, 19_999, 20_000, 20_001, 600_000, 3_600_000, 3_600_001, 86_400_000]
        var messages: [Message] = []
        for id in 1...Int64.random(in: 1...40, using: &random) {
            time += gaps.randomElement(using: &random)!
            let sender: Sender = [.me, .them, .them, .me, .system].randomElement(using: &random)!
            let body = random.text()
            let text = Int.random(in: 0..<5, using: &random) == 0 ? body : "[m\(id)] " + body
            let status: DeliveryStatus = [.sent, .delivered, .read].randomElement(using: &random)!
            messages.append(
                Message(
                    id: id, conversationID: 1, sender: sender, text: text,
                    sentAt: Timestamp(millisecondsSince1970: time), status: status))
        }
        messages.shuffle(using: &random)
        return messages
    }
}
