import Testing

@testable import BanterTerminal

/// Which terminal Banter thinks it draws in, from its variables and its XTVERSION reply, and
/// the fill shapes that follows (measured: kitty draws half blocks cleanly, xterm and st do
/// not; everything else gets whole cells).
struct TerminalIdentityTests {
    @Test func variablesNameTheTerminal() {
        #expect(TerminalIdentity.named(in: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"])?.name == "kitty")
        #expect(TerminalIdentity.named(in: ["TERM": "xterm-kitty"])?.name == "kitty")
        #expect(TerminalIdentity.named(in: ["XTERM_VERSION": "XTerm(379)", "TERM": "xterm-256color"])?.name == "xterm")
        #expect(TerminalIdentity.named(in: ["TERM": "st-256color"])?.name == "st")
        #expect(TerminalIdentity.named(in: ["TERM": "st"])?.name == "st")
        #expect(TerminalIdentity.named(in: ["TERM": "stterm-256color"]) == nil)
        #expect(TerminalIdentity.named(in: ["TERM": "xterm-256color"]) == nil)
        // Inside tmux the outer terminal's variables may be stale: tmux draws, named as such.
        #expect(TerminalIdentity.named(in: ["TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"])?.name == "tmux")
        #expect(TerminalIdentity.named(in: ["TERM": "screen-256color", "TERM_PROGRAM": "kitty"])?.name == "tmux")
    }

    @Test func versionRepliesNameTheTerminal() {
        func name(_ reply: String) -> String? { TerminalIdentity.named(inVersionReply: Array(reply.utf8))?.name }
        #expect(name("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c") == "kitty")
        #expect(name("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?64;1;2c") == "xterm")
        #expect(name("\u{1B}P>|tmux 3.3a\u{1B}\\") == "tmux")
        #expect(name("\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\") == "wezterm")
        #expect(name("\u{1B}[?6c") == nil)
        #expect(name("\u{1B}P>|\u{1B}\\") == nil)
        #expect(name("\u{1B}P>|\u{7}evil\u{1B}\\") == nil)
    }

    @Test func probeAnswers() {
        let kitty = TerminalQuery.Answer(
            bytes: Array("\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;52c".utf8), isComplete: true, microseconds: 900)
        #expect(TerminalIdentityProbe.identity(from: kitty).name == "kitty")
        let silent = TerminalQuery.Answer(bytes: Array("\u{1B}[?6c".utf8), isComplete: true, microseconds: 900)
        #expect(
            TerminalIdentityProbe.identity(from: silent) == TerminalIdentity(name: nil, source: "no XTVERSION reply"))
        #expect(TerminalIdentityProbe.identity(from: nil) == .unknown)
        #expect(TerminalIdentityProbe.request == "\u{1B}[>q\u{1B}[c")
    }

    @Test func shapesFollowWhatTheTerminalDrawsCleanly() {
        #expect(FillShapes.drawnCleanly(by: TerminalIdentity(name: "kitty", source: "TERM")) == .halfBlocks)
        for name in ["xterm", "st", "tmux", "wezterm", nil] as [String?] {
            #expect(FillShapes.drawnCleanly(by: TerminalIdentity(name: name, source: "test")) == .wholeCells)
        }
    }

    @Test func choiceWithoutATerminal() {
        #expect(FillShapes.choose(environment: ["TERM": "xterm-kitty"], outputIsTerminal: false).shapes == .halfBlocks)
        #expect(
            FillShapes.choose(environment: ["XTERM_VERSION": "XTerm(379)"], outputIsTerminal: false).shapes
                == .wholeCells)
        #expect(
            FillShapes.choose(environment: ["TERM": "xterm-256color"], outputIsTerminal: false).shapes == .wholeCells)
        #expect(
            FillShapes.choose(environment: ["TERM": "xterm-kitty", "BANTER_FILL": "cells"], outputIsTerminal: false)
                .shapes == .wholeCells)
        #expect(
            FillShapes.choose(environment: ["XTERM_VERSION": "1", "BANTER_FILL": "Blocks"], outputIsTerminal: false)
                .shapes == .halfBlocks)
        #expect(FillShapes.choose(environment: ["TERM": "dumb"], outputIsTerminal: true).shapes == .wholeCells)
    }
}
