import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// The attachment limit at its documented value, 25 MiB (README, docs, the transcript
/// format): written out here, not read from the constant, so changing the constant fails.
@Suite struct AttachmentLimitTests {
    static let documentedLimit = 26_214_400

    @Test func theLimitIsTheDocumentedOne() {
        #expect(Attachment.maximumByteCount == Self.documentedLimit)
        #expect(ChatStore.maximumAttachmentBytes == Self.documentedLimit)
    }

    /// A sparse file: its size is on disk, its bytes are not, and a refusal must come from
    /// the size alone (reading it first would hold the whole file in memory).
    private func sparseFile(_ fixture: SessionFixture, bytes: Int) throws -> String {
        let path = fixture.folder.file("sparse-\(bytes).bin")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    @Test func aFileOneByteOverIsRefusedAndOneAtTheLimitIsSent() throws {
        let fixture = try SessionFixture(title: "files")
        let over = try sparseFile(fixture, bytes: Self.documentedLimit + 1)
        #expect(
            throws: ChatError.store(
                .attachmentTooLarge(
                    fileName: "sparse-26214401.bin", byteCount: Self.documentedLimit + 1, limit: Self.documentedLimit))
        ) { try fixture.session.sendAttachment(path: over) }
        #expect(fixture.session.messages.isEmpty)

        let atLimit = try sparseFile(fixture, bytes: Self.documentedLimit)
        let sent = try fixture.session.sendAttachment(path: atLimit)
        #expect(sent.attachment?.byteCount == Self.documentedLimit)
    }

    /// Far over the limit: refused from the file's size, in constant memory (were the file
    /// read, this test would need 64 GiB).
    @Test func aHugeSparseFileIsRefusedWithoutReadingIt() throws {
        let fixture = try SessionFixture(title: "huge")
        let huge = try sparseFile(fixture, bytes: 1 << 36)
        #expect(
            throws: ChatError.store(
                .attachmentTooLarge(
                    fileName: "sparse-\(1 << 36).bin", byteCount: 1 << 36, limit: Self.documentedLimit))
        ) { try fixture.session.sendAttachment(path: huge) }
    }
}
