import Foundation
import Testing

@testable import BanterTerminal

@Suite("Clipboard and inline image escapes")
struct TerminalEscapesTests {
    @Test func osc52CarriesTheTextAsBase64() throws {
        #expect(try Clipboard.osc52("hi ❤️") == "\u{1B}]52;c;" + Data("hi ❤️".utf8).base64EncodedString() + "\u{07}")
        #expect(try Clipboard.osc52("") == "\u{1B}]52;c;\u{07}")
        // Control characters travel inside base64, never raw.
        let hostile = try Clipboard.osc52("\u{1B}]0;x\u{07}")
        #expect(hostile.unicodeScalars.filter { $0.value < 0x20 }.count == 2)
    }

    @Test func osc52RefusesMoreThanTheCap() {
        let atCap = String(repeating: "a", count: Clipboard.maximumBytes)
        #expect(throws: Never.self) { try Clipboard.osc52(atCap) }
        #expect(throws: ClipboardError.tooLarge(bytes: Clipboard.maximumBytes + 1)) { try Clipboard.osc52(atCap + "b") }
        #expect("\(ClipboardError.tooLarge(bytes: 80_000))".contains("/copy --print"))
    }

    @Test func kittyChunksAt4096WithMoreFlags() {
        let bytes = (0..<7000).map { UInt8($0 % 251) }
        let escape = InlineImageEscapes.image(bytes, name: "a.png", columns: 20, rows: 6, protocol: .kitty)
        let chunks = escape.components(separatedBy: "\u{1B}\\").dropLast()
        let base64 = Data(bytes).base64EncodedString()
        #expect(chunks.count == (base64.utf8.count + 4095) / 4096)
        #expect(chunks.first?.hasPrefix("\u{1B}_Ga=T,f=100,q=2,C=1,c=20,r=6,m=1;") == true)
        #expect(chunks.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
        #expect(chunks.last?.hasPrefix("\u{1B}_Gm=0;") == true)
        let joined = chunks.map { $0.split(separator: ";", maxSplits: 1)[1] }.joined()
        #expect(joined == base64)
        #expect(chunks.dropLast().allSatisfy { $0.split(separator: ";", maxSplits: 1)[1].utf8.count == 4096 })
    }

    @Test func kittySingleChunk() {
        let escape = InlineImageEscapes.image([1, 2, 3], name: "a.png", columns: 3, rows: 1, protocol: .kitty)
        #expect(escape == "\u{1B}_Ga=T,f=100,q=2,C=1,c=3,r=1,m=0;AQID\u{1B}\\")
    }

    @Test func iterm2() {
        let escape = InlineImageEscapes.image([1, 2, 3], name: "cat.jpg", columns: 30, rows: 8, protocol: .iterm2)
        #expect(
            escape
                == "\u{1B}]1337;File=inline=1;name=Y2F0LmpwZw==;size=3;width=30;height=8;preserveAspectRatio=1;doNotMoveCursor=1:AQID\u{07}"
        )
        #expect(InlineImageEscapes.image([1], name: "x", columns: 1, rows: 1, protocol: .none) == "")
    }

    @Test func placedMovesUpAndBack() {
        #expect(
            InlineImageEscapes.placed("IMG", up: 3, column: 4, returningTo: 40)
                == "\u{1B}[3A\u{1B}[5GIMG\u{1B}[3B\u{1B}[41G")
        #expect(InlineImageEscapes.placed("IMG", up: 0, column: 0, returningTo: 9) == "\u{1B}[1GIMG\u{1B}[10G")
        #expect(InlineImageEscapes.placed("", up: 2, column: 0, returningTo: 9) == "")
    }

    @Test(
        "cells keep the picture's shape and never grow it",
        arguments: [
            (800, 600, 40, 12, 32, 12), (100, 40, 40, 12, 10, 2), (4000, 100, 30, 12, 30, 1), (10, 10, 30, 12, 1, 1),
            (300, 3000, 40, 10, 2, 10),
        ])
    func cells(width: Int, height: Int, maxColumns: Int, maxRows: Int, columns: Int, rows: Int) {
        let fit = InlineImageEscapes.cells(
            pixelWidth: width, pixelHeight: height, maxColumns: maxColumns, maxRows: maxRows)
        #expect(fit.columns == columns && fit.rows == rows, "\(fit)")
    }

    @Test func detection() {
        func detect(_ environment: [String: String], _ choice: InlineImageChoice = .auto, terminal: Bool = true)
            -> InlineImageProtocol
        {
            InlineImageProtocol.detect(choice, environment: environment, isTerminal: terminal)
        }
        #expect(detect(["TERM": "xterm-kitty"]) == .kitty)
        #expect(detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(detect(["TERM_PROGRAM": "iTerm.app"]) == .iterm2)
        #expect(detect(["TERM_PROGRAM": "WezTerm"]) == .iterm2)
        #expect(detect(["TERM": "xterm-256color"]) == .none)
        #expect(detect(["TERM": "xterm-kitty"], terminal: false) == .none)
        #expect(detect(["TERM": "tmux-256color", "TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"]) == .none)
        #expect(detect(["TERM": "xterm", "BANTER_IMAGES": "iterm2"]) == .iterm2)
        #expect(detect(["TERM": "xterm-kitty", "BANTER_IMAGES": "none"]) == .none)
        #expect(detect(["TERM": "xterm-kitty", "BANTER_IMAGES": "none"], .kitty) == .kitty)
        #expect(detect(["TERM": "xterm"], .kitty, terminal: false) == .none)
        #expect(InlineImageProtocol.kitty.draws(mediaType: "image/png"))
        #expect(!InlineImageProtocol.kitty.draws(mediaType: "image/jpeg"))
        #expect(InlineImageProtocol.iterm2.draws(mediaType: "image/jpeg"))
    }
}

@Suite("Picture probe")
struct GraphicsProbeTests {
    @Test func aKittyReplyBeforeTheDeviceAttributesMeansKitty() {
        let kitty = GraphicsProbeReply(bytes: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8))
        #expect(kitty.deviceAttributesEnd != nil)
        #expect(kitty.answersKitty)
        let xterm = GraphicsProbeReply(bytes: Array("\u{1B}[?64;1;2;6;9;15;18;21;22c".utf8))
        #expect(xterm.deviceAttributesEnd == xterm.bytes.count)
        #expect(!xterm.answersKitty)
        #expect(
            GraphicsProbeReply(bytes: Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)).deviceAttributesEnd == nil, "still waiting"
        )
        #expect(!GraphicsProbeReply(bytes: Array("\u{1B}[?62c\u{1B}_Gi=31;OK\u{1B}\\".utf8)).answersKitty, "too late")
    }

    @Test func onlyTerminalsThatSayNothingAreAsked() {
        #expect(InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "xterm-256color"]))
        #expect(!InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "xterm-kitty"]))
        #expect(!InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "tmux-256color", "TMUX": "x"]))
        #expect(!InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "xterm", "BANTER_IMAGES": "none"]))
        #expect(!InlineImageProtocol.shouldProbe(.none, environment: ["TERM": "xterm"]))
        #expect(!InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "dumb"]))
        #expect(!InlineImageProtocol.shouldProbe(.auto, environment: ["TERM": "linux"]))
    }
}
