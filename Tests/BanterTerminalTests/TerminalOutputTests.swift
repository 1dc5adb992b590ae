import Foundation
import Testing

@testable import BanterTerminal

/// Lines written at once reach the descriptor as they are, each ended by a newline.
@Suite struct TerminalOutputTests {
    /// What `write(lines:)` puts through a pipe.
    private func written(_ lines: [String]) throws -> String {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        TerminalOutput(fileDescriptor: ends[1]).write(lines: lines)
        close(ends[1])
        let handle = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func eachLineEndsWithANewline() throws {
        #expect(
            try written(["╭──╮", "│ hé │", "", "\u{1B}[1mbold\u{1B}[0m"]) == "╭──╮\n│ hé │\n\n\u{1B}[1mbold\u{1B}[0m\n")
        #expect(try written(["one"]) == "one\n")
    }

    @Test func noLinesWriteNothing() throws {
        #expect(try written([]) == "")
    }
}
