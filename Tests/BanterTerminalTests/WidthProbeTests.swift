import BanterCore
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Width probe")
struct WidthProbeTests {
    @Test func readsCursorReportsAndSkipsEverythingElse() {
        let bytes = Array("\u{1B}[12;2R\u{1B}[12;9Rx\u{1B}[A\u{1B}[3;3R\u{1B}[12;".utf8)
        #expect(WidthProbe.reportedColumns(in: bytes) == [2, 9, 3])
        #expect(WidthProbe.reportedColumns(in: Array("\u{1B}[;R\u{1B}[1R".utf8)).isEmpty)
        #expect(WidthProbe.reportedColumns(in: []).isEmpty)
    }

    @Test func legacyAndModernAdvancesPickTheirModel() {
        #expect(WidthProbe.model(matching: [1, 8, 2, 2, 1]) == .legacy)
        #expect(WidthProbe.model(matching: [2, 2, 2, 2, 1]) == .modern)
    }

    @Test func advancesThatFitNoModelOrAreIncompletePickNothing() {
        #expect(WidthProbe.model(matching: [2, 8, 2, 2, 1]) == nil)
        #expect(WidthProbe.model(matching: [1, 8, 2, 1, 1]) == nil, "a narrow CJK character fits neither")
        #expect(WidthProbe.model(matching: [1, 8]) == nil)
    }

    @Test func hybridTerminalsGetTheModelThatAgreesOnVS16() {
        #expect(WidthProbe.closestModel(to: [1, 2, 2, 2, 1]) == .legacy, "tmux 3.3")
        #expect(WidthProbe.closestModel(to: [2, 8, 2, 2, 1]) == .modern, "kitty 0.26")
        #expect(WidthProbe.closestModel(to: [3, 8, 2, 2, 1]) == nil)
        #expect(WidthProbe.closestModel(to: [1]) == nil)
    }

    @Test func requestPrintsEverySampleFromColumnOneAndErasesTheRow() {
        let request = WidthProbe.request
        #expect(request.hasPrefix("\r"))
        #expect(request.hasSuffix("\u{1B}[2K"))
        #expect(request.components(separatedBy: "\u{1B}[6n").count == WidthProbe.samples.count + 1)
        #expect(!request.contains("\n"), "nothing may scroll into the scrollback")
    }

    @Test func summarySaysWhyTheModelWasChosen() {
        let measured = WidthModelChoice(
            model: .legacy, reason: .measured(advances: [1, 8, 2, 2, 1], microseconds: 2_340))
        #expect(
            measured.summary
                == "width model: legacy (measured in 2.3 ms: emoji with VS16 1, ZWJ family 8, flag 2, wide CJK 2, combining mark 1)"
        )
        #expect(
            WidthModelChoice(model: .modern, reason: .given(origin: "--width-model")).summary
                == "width model: modern (from --width-model)")
        #expect(
            WidthModelChoice(model: .legacy, reason: .given(origin: "/c/config.toml:3")).summary
                == "width model: legacy (from /c/config.toml:3)")
        #expect(
            WidthModelChoice(model: .modern, reason: .noAnswer(timeoutMilliseconds: 80)).summary
                == "width model: modern (default: the terminal did not report its cursor within 80 ms)")
    }
}
