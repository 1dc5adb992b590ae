import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// Attachments, quotes, reactions, edits and deletions in the JSON Lines transcript: the
/// lines written, the bytes streamed, and every rule the reader checks.
@Suite("JSON export and import: message kinds")
struct MessageKindJSONTests {
    static let time = ReferenceDay.at(dayOffset: 0, 12, 0)
    static let picture = Attachment(
        fileName: "menu \"today\".png", mediaType: "image/png", byteCount: 5, pixelSize: PixelSize(width: 2, height: 3))

    static let messages: [Message] = [
        Message(
            id: 1, conversationID: 7, sender: .them, text: "Dinner at 8?\nor 9", sentAt: time,
            reactions: [Reaction(emoji: "👍", sender: .me, reactedAt: time + .seconds(3))]),
        Message(
            id: 2, conversationID: 7, sender: .me, text: "menu", sentAt: time + .seconds(5), attachment: picture,
            quote: Quote(messageID: 1, sender: .them, excerpt: "Dinner at 8?"), editedAt: time + .seconds(9)),
        Message(
            id: 3, conversationID: 7, sender: .me, text: "", sentAt: time + .seconds(6), deletedAt: time + .seconds(7)),
    ]

    /// Exports `messages` with attachment bytes from `files`, streamed into one buffer.
    static func export(_ messages: [Message], files: [Int64: [Data]]) throws -> String {
        var written = ""
        let streamer = AttachmentStreamer(
            read: { id, body in for chunk in files[id] ?? [] { try body(chunk) } },
            write: { written += $0 })
        var writer = TranscriptWriter(
            format: .json, conversation: ReferenceTranscript.conversation, participant: ReferenceTranscript.participant,
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now, statusMessageID: nil,
            attachments: streamer)
        var output = ""
        writer.add(messages, into: &output)
        writer.finish(into: &output)
        if let error = streamer.error { throw error }
        return written + output
    }

    @Test func linesCarryEveryKindWithSortedKeysAndStreamTheBytes() throws {
        let file = try Self.export(Self.messages, files: [2: [Data("ab".utf8), Data("cde".utf8)]])
        let lines = file.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(
            lines[1]
                == #"{"id":1,"position":"single","reactions":[{"at":"2026-11-20T12:00:03.000Z","at_ms":1795176003000,"emoji":"👍","sender":"me"}],"section":"Today 12:00","sender":"them","sent_at":"2026-11-20T12:00:00.000Z","sent_at_ms":1795176000000,"status":"sent","text":"Dinner at 8?\nor 9"}"#
        )
        #expect(
            lines[2]
                == #"{"attachment":{"height":3,"name":"menu \"today\".png","size":5,"type":"image/png","width":2},"edited_at":"2026-11-20T12:00:09.000Z","edited_at_ms":1795176009000,"id":2,"position":"first","quote":{"id":1,"sender":"them","text":"Dinner at 8?"},"sender":"me","sent_at":"2026-11-20T12:00:05.000Z","sent_at_ms":1795176005000,"status":"sent","text":"menu"}"#
        )
        #expect(lines[3] == #"{"attachment_data":"YWI=","message_id":2}"#)
        #expect(lines[4] == #"{"attachment_data":"Y2Rl","message_id":2}"#)
        #expect(lines[5].hasPrefix(#"{"deleted_at":"2026-11-20T12:00:07.000Z","deleted_at_ms":1795176007000,"id":3,"#))
        #expect(lines[6] == #"{"end":true,"message_count":3}"#)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    @Test func theReaderBringsEverythingBack() throws {
        let file = try Self.export(Self.messages, files: [2: [Data("ab".utf8), Data("cde".utf8)]])
        let imported = try TranscriptReader.read(Data(file.utf8))
        #expect(imported.messages.map(\.exportedID) == [1, 2, 3])
        #expect(imported.messages[0].reactions == Self.messages[0].reactions)
        #expect(imported.messages[1].attachment == Self.picture)
        #expect(imported.messages[1].attachmentContents == Data("abcde".utf8))
        #expect(imported.messages[1].quote == Self.messages[1].quote)
        #expect(imported.messages[1].editedAt == Self.messages[1].editedAt)
        #expect(imported.messages[2].deletedAt == Self.messages[2].deletedAt)
        #expect(imported.messages[2].attachmentContents == nil)
    }

    /// A file cut short, bytes after the wrong message, bad base64 and inconsistent fields
    /// are each refused with the line that is wrong.
    @Test(arguments: [
        (
            #"{"attachment_data":"YWI=","message_id":2}"#, "",
            "line 6 (byte 1057): invalid value at $.attachment_data: the attachment of the message before has 3 of its 5 bytes"
        ),
        (
            #"{"attachment_data":"Y2Rl","message_id":2}"#, #"{"attachment_data":"Y2RlZg==","message_id":2}"#,
            "more bytes than the attachment's size (5) says"
        ),
        (
            #"{"attachment_data":"Y2Rl","message_id":2}"#, #"{"attachment_data":"***","message_id":2}"#,
            "not base64 text"
        ),
        (#""id":3,"#, #""id":3,"text":"x","#, "a deleted message has no text"),
        (
            #""text":"Dinner at 8?\nor 9"}"#, #""text":"Dinner at 8?\nor 9","attachment_data":"x"}"#,
            "attachment bytes must follow the line of their message"
        ),
        (#""emoji":"👍""#, #""emoji":"ok""#, "a reaction is one emoji"),
        (#""width":2"#, #""width":0"#, "an image has both width and height"),
        (#""size":5,"#, #""size":99999999999,"#, "is not a size Banter stores"),
    ])
    func brokenFilesAreRefused(original: String, replacement: String, problem: String) throws {
        let file = try Self.export(Self.messages, files: [2: [Data("ab".utf8), Data("cde".utf8)]])
        #expect(file.contains(original))
        let broken = file.replacingOccurrences(of: original, with: replacement)
        var message = ""
        do {
            _ = try TranscriptReader.read(Data(broken.utf8))
        } catch {
            message = error.description
        }
        #expect(message.contains(problem), "\(message)")
    }

    @Test func largeAttachmentsStreamInBoundedLines() throws {
        var random = SeededGenerator(seed: 99)
        let chunk = 256 * 1024
        let contents = Data((0..<(chunk * 3 + 100)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let chunks = stride(from: 0, to: contents.count, by: chunk).map {
            contents[$0..<min($0 + chunk, contents.count)]
        }
        var message = Self.messages[1]
        message.attachment?.byteCount = contents.count
        let file = try Self.export([message], files: [2: chunks.map { Data($0) }])
        let longest = file.split(separator: "\n").map(\.utf8.count).max() ?? 0
        #expect(longest < TranscriptReader.maximumLineBytes)
        var reader = TranscriptReader()
        var received = Data()
        let bytes = Data(file.utf8)
        for start in stride(from: 0, to: bytes.count, by: 70_000) {
            for case .attachmentData(let piece) in try reader.read(bytes[start..<min(start + 70_000, bytes.count)]) {
                received += piece
            }
        }
        #expect(try reader.finish().isEmpty)
        #expect(received == contents)
    }
}

/// Every seed of the import fuzzer (Fuzz/Import/corpus: transcripts of both versions, with
/// and without message kinds, and inputs the fuzzer once found) gives the same items, or
/// the same error, whether read whole or a byte at a time.
@Suite("Transcript reading in chunks")
struct ChunkedReadingTests {
    static let corpus = Repository.url("Fuzz/Import/corpus")

    static func read(_ bytes: Data, chunk: Int) -> Result<[TranscriptReader.Item], ImportError> {
        var reader = TranscriptReader()
        var items: [TranscriptReader.Item] = []
        do {
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + chunk, bytes.endIndex)
                items += try reader.read(bytes[start..<end])
                start = end
            }
            return .success(items + (try reader.finish()))
        } catch {
            return .failure(error)
        }
    }

    @Test func seedsReadTheSameInAnyChunks() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.contains("kinds-v2.jsonl"))
        for name in names {
            let bytes = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
            let whole = Self.read(bytes, chunk: max(bytes.count, 1))
            #expect(Self.read(bytes, chunk: 1) == whole, "\(name)")
            #expect(Self.read(bytes, chunk: 97) == whole, "\(name)")
        }
    }
}
