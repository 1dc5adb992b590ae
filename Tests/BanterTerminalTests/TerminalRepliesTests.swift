import BanterCore
import Foundation
import Testing

@testable import BanterTerminal

/// Telling a terminal's answers from keys typed meanwhile, and the width model its answers pick.
@Suite("Terminal replies and typeahead")
struct TerminalRepliesTests {
    private func split(_ text: String) -> (replies: String, typeahead: String) {
        let (replies, typeahead) = TerminalReplies.split(Array(text.utf8))
        return (String(decoding: replies, as: UTF8.self), String(decoding: typeahead, as: UTF8.self))
    }

    @Test func keysBetweenRepliesStayInOrder() {
        let parts = split("he\u{1B}[12;2Rl\u{1B}[D\u{1B}[12;9Rlo\r\u{1B}[1;5A\u{1B}[?62;22c\u{1B}[200~x\u{1B}[201~")
        #expect(parts.replies == "\u{1B}[12;2R\u{1B}[12;9R\u{1B}[?62;22c")
        #expect(parts.typeahead == "hel\u{1B}[Dlo\r\u{1B}[1;5A\u{1B}[200~x\u{1B}[201~")
    }

    @Test func stringRepliesAreReplies() {
        let parts = split("a\u{1B}_Gi=31;OK\u{1B}\\b\u{1B}P>|XTerm(390)\u{1B}\\c")
        #expect(parts.replies == "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|XTerm(390)\u{1B}\\")
        #expect(parts.typeahead == "abc")
    }

    @Test func aReplyCutOffByTheTimeoutIsDroppedButAnEscapeKeyIsNot() {
        #expect(split("x\u{1B}[12;").typeahead == "x")
        #expect(split("x\u{1B}[?6").typeahead == "x")
        #expect(split("x\u{1B}_Gi=31").typeahead == "x")
        #expect(split("x\u{1B}").typeahead == "x\u{1B}")
        #expect(split("x\u{1B}[").typeahead == "x\u{1B}[")
        #expect(split("x\u{1B}[12").typeahead == "x\u{1B}[12")
    }

    @Test func notReportsAreKeys() {
        // One number, or three, or a function key's final byte: not a cursor report.
        for keys in ["\u{1B}[5R", "\u{1B}[1;2;3R", "\u{1B}[15~", "\u{1B}[1;2P", "\u{1B}OA", "\u{1B}x", "\u{1B}[12;4c"] {
            #expect(split(keys).typeahead == keys, "\(keys.debugDescription)")
        }
    }

    /// A real terminal's input: the typed keys queued before and after the answers come back
    /// from the query as typeahead, the answers as its answer.
    @Test func aQueryKeepsWhatWasTypedAroundItsAnswer() throws {
        let terminal = try Terminal()
        terminal.type("pa\u{1B}[12;3Rste\u{1B}[C\r")
        let typeahead = TerminalTypeahead()
        let query = terminal.query(keepingTypeaheadIn: typeahead)
        let answer = try #require(
            query.ask("?", timeoutMilliseconds: 2000) { WidthProbe.reportedColumns(in: $0).count == 1 })
        #expect(answer.isComplete)
        #expect(answer.bytes == Array("\u{1B}[12;3R".utf8))
        // The slave's line discipline turns the typed carriage return into a newline (ICRNL).
        #expect(typeahead.take() == Array("paste\u{1B}[C\n".utf8))
        #expect(typeahead.take().isEmpty)
    }

    /// After a query timed out, its answer arriving among later keys is left out of them.
    @Test func aLateAnswerIsLeftOutOfLaterKeys() throws {
        let terminal = try Terminal()
        var raw = termios()
        tcgetattr(terminal.slave, &raw)
        cfmakeraw(&raw)
        tcsetattr(terminal.slave, TCSANOW, &raw)
        let typeahead = TerminalTypeahead()
        #expect(!typeahead.expectsLateAnswers)
        let query = terminal.query(keepingTypeaheadIn: typeahead)
        let answer = try #require(query.ask("?", timeoutMilliseconds: 10) { _ in false })
        #expect(!answer.isComplete)
        #expect(typeahead.expectsLateAnswers)
        #expect(typeahead.readKeys(from: terminal.slave) == [], "nothing typed yet")
        terminal.type("a\u{1B}[12;3R\u{1B}[12;3Rb\u{1B}[A")
        #expect(typeahead.readKeys(from: terminal.slave) == Array("ab\u{1B}[A".utf8))
    }

    /// A pseudo-terminal: the test types on its master side, the query reads its slave side.
    private final class Terminal {
        var master: Int32 = -1
        var slave: Int32 = -1

        init() throws {
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENXIO) }
        }

        deinit {
            close(master)
            close(slave)
        }

        func type(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        func query(keepingTypeaheadIn typeahead: TerminalTypeahead) -> TerminalQuery {
            TerminalQuery(input: slave, output: TerminalOutput(fileDescriptor: slave), typeahead: typeahead)
        }
    }

    private func answer(_ text: String, complete: Bool = true) -> TerminalQuery.Answer {
        TerminalQuery.Answer(bytes: Array(text.utf8), isComplete: complete, microseconds: 2100)
    }

    /// Every outcome of the width probe, from the terminal's answers alone.
    @Test func theAnswersPickTheWidthModel() {
        let legacy = "\u{1B}[4;2R\u{1B}[4;9R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;2R"
        let modern = "\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;2R"
        #expect(
            TerminalWidthProbe.choice(from: answer(legacy), fallback: .modern)
                == WidthModelChoice(model: .legacy, reason: .measured(advances: [1, 8, 2, 2, 1], microseconds: 2100)))
        #expect(
            TerminalWidthProbe.choice(from: answer(modern), fallback: .legacy)
                == WidthModelChoice(model: .modern, reason: .measured(advances: [2, 2, 2, 2, 1], microseconds: 2100)))
        // tmux 3.3: joins the family, keeps the VS16 emoji narrow: closest to legacy.
        let tmux = "\u{1B}[4;2R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;2R"
        #expect(
            TerminalWidthProbe.choice(from: answer(tmux), fallback: .modern)
                == WidthModelChoice(model: .legacy, reason: .closest(advances: [1, 2, 2, 2, 1], microseconds: 2100)))
        let nothingFits = "\u{1B}[4;5R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;3R\u{1B}[4;2R"
        #expect(
            TerminalWidthProbe.choice(from: answer(nothingFits), fallback: .modern)
                == WidthModelChoice(model: .modern, reason: .unmatched(advances: [4, 2, 2, 2, 1], microseconds: 2100)))
        #expect(
            TerminalWidthProbe.choice(from: answer(String(legacy.prefix(20)), complete: false), fallback: .modern)
                == WidthModelChoice(
                    model: .modern, reason: .noAnswer(timeoutMilliseconds: TerminalWidthProbe.timeoutMilliseconds)))
        #expect(
            TerminalWidthProbe.choice(from: nil, fallback: .legacy)
                == WidthModelChoice(model: .legacy, reason: .notMeasured))
    }
}
