import BanterCore
import Foundation
import Testing

@testable import BanterExport

/// Version 2 files read as a stream: any chunking gives the same items, and every way a
/// file can be cut off or wrong is an error naming its line and byte offset.
@Suite("Reading transcripts as a stream")
struct TranscriptReaderTests {
    private let file = ReferenceTranscript.jsonFile()

    /// Everything `data` yields when fed in chunks of `size` bytes.
    private func items(_ data: Data, chunk size: Int) throws(ImportError) -> [TranscriptReader.Item] {
        var reader = TranscriptReader()
        var items: [TranscriptReader.Item] = []
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + size, data.endIndex)
            items += try reader.read(data.subdata(in: start..<end))
            start = end
        }
        return items + (try reader.finish())
    }

    private func error(_ data: Data) -> ImportError? {
        do {
            _ = try items(data, chunk: 1 << 20)
            return nil
        } catch {
            return error
        }
    }

    /// The file's lines, each with its line break.
    private var lines: [String] {
        String(decoding: file, as: UTF8.self).split(separator: "\n").map { $0 + "\n" }
    }

    private func offset(ofLine index: Int) -> Int {
        lines.prefix(index).reduce(0) { $0 + $1.utf8.count }
    }

    @Test("any chunking gives the same items as reading the file whole", arguments: [1, 2, 7, 64, 1000])
    func chunking(size: Int) throws {
        #expect(try items(file, chunk: size) == (try items(file, chunk: file.count)))
        // Settings, 16 messages, then the participant (written after the messages).
        #expect(try items(try ReferenceTranscript.legacyFile(), chunk: size).count == 18)
    }

    @Test("a file cut at a line break is refused: the closing line is missing")
    func cutAtALineBreak() throws {
        for kept in 1..<lines.count {
            let cut = Data(lines.prefix(kept).joined().utf8)
            #expect(error(cut) == .onLine(kept + 1, byteOffset: cut.count, .cutOff), "cut after \(kept) lines")
        }
    }

    @Test("a file cut inside a line is refused with that line")
    func cutInsideALine() throws {
        let line = 9
        let cut = file.prefix(offset(ofLine: line) + 25)
        guard case .onLine(10, let byteOffset, .notJSON) = error(cut) else {
            Issue.record("got \(String(describing: error(cut)))")
            return
        }
        #expect(byteOffset == offset(ofLine: line))
        #expect(error(cut)?.description.hasPrefix("line 10 (byte \(byteOffset)): the file is not valid JSON") == true)
    }

    @Test("a malformed message names its line, its byte offset and the field")
    func malformedMessage() throws {
        var edited = lines
        edited[6] = edited[6].replacingOccurrences(of: "\"sender\":\"them\"", with: "\"sender\":\"bot\"")
        #expect(edited[6] != lines[6])
        let error = error(Data(edited.joined().utf8))
        #expect(error == .onLine(7, byteOffset: offset(ofLine: 6), .invalidSender(path: "$.sender", value: "bot")))
        #expect(
            error?.description
                == "line 7 (byte \(offset(ofLine: 6))): invalid sender \"bot\" at $.sender: use \"me\", \"them\" or \"system\""
        )
    }

    @Test("a missing or an extra message line disagrees with the closing line's count")
    func countMismatch() throws {
        var missing = lines
        missing.remove(at: 4)
        #expect(
            error(Data(missing.joined().utf8))
                == .onLine(
                    17, byteOffset: offset(ofLine: 17) - lines[4].utf8.count,
                    .messageCountMismatch(declared: 16, found: 15)))
        var extra = lines
        extra.insert(lines[4], at: 4)
        guard case .onLine(19, _, .messageCountMismatch(16, 17)) = error(Data(extra.joined().utf8)) else {
            Issue.record("got \(String(describing: error(Data(extra.joined().utf8))))")
            return
        }
    }

    @Test("content after the closing line, a line without end and an unknown version are refused")
    func otherShapes() throws {
        #expect(
            error(file + Data("{\"sender\":\"me\"}\n".utf8)) == .onLine(19, byteOffset: file.count, .contentAfterEnd))
        #expect(error(file + Data("\n  \n".utf8)) == nil)
        let noBreaks = Data((lines[0] + String(repeating: "x", count: TranscriptReader.maximumLineBytes + 1)).utf8)
        #expect(
            error(noBreaks)
                == .onLine(2, byteOffset: lines[0].utf8.count, .lineTooLong(limit: TranscriptReader.maximumLineBytes)))
        #expect(
            error(Data(#"{"format":"banter-transcript","version":3}"#.utf8) + Data("\n".utf8))
                == .onLine(1, byteOffset: 0, .unsupportedVersion(3)))
        #expect(error(Data("# Alisha & me\n".utf8)) == .notJSON(detail: "a transcript starts with \"{\""))
        #expect(error(Data()) == .notJSON(detail: "the file is empty"))
    }
}
