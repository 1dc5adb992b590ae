import BanterCore
import BanterScript
import BanterStore
import Foundation

/// Sending files and reading them back.
extension ChatSession {
    /// Sends the file at `path` (copied into the database with its name, media type, size
    /// and, for images, pixel size) with an optional caption, from the session's side, and
    /// hands it to the bot like any message. A file larger than
    /// `ChatStore.maximumAttachmentBytes` is refused before it is read; nothing is stored.
    @discardableResult
    package func sendAttachment(path: String, caption: String = "", quoting quoted: Message? = nil) throws(ChatError)
        -> Message
    {
        let contents = try Self.readAttachment(path: path)
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        return try sendAttachment(named: fileName, contents: contents, caption: caption, quoting: quoted)
    }

    /// Sends a file already read (a scenario's `me { file = }`): see `sendAttachment(path:)`.
    @discardableResult
    package func sendAttachment(
        named fileName: String, contents: Data, caption: String = "", quoting quoted: Message? = nil
    )
        throws(ChatError) -> Message
    {
        if let quoted, let refusal = MessageAction.reply.refusal(for: quoted, speakingAs: side) {
            throw .messageNotAllowed(refusal)
        }
        let message = try storeAttachment(
            fileName: fileName, contents: contents, caption: caption, from: writer, quoting: quoted)
        bot?.received(message)
        return message
    }

    /// Stores a file's bytes as a message from `sender` and publishes it.
    func storeAttachment(
        fileName: String, contents: Data, caption: String, from sender: Sender, quoting quoted: Message?,
        actions: MessageActions? = nil
    ) throws(ChatError) -> Message {
        let caption = caption.trimmingWhitespace()
        let bytes = caption.utf8.count
        guard bytes <= options.maximumMessageBytes else {
            throw .messageTooLong(bytes: bytes, limit: options.maximumMessageBytes)
        }
        let attachment = Attachment.describing(
            fileName: fileName, header: [UInt8](contents.prefix(Self.headerBytes)), byteCount: contents.count)
        var new = NewMessage(
            conversationID: conversation.id, sender: sender, text: caption, sentAt: clock.now,
            attachment: attachment, quote: quoted.map(Quote.init(quoting:)))
        new.fields[.actions] = actions.map { .json($0.json) } ?? .null
        let message = try storing { () throws(StoreError) in try store.append(new, attachmentContents: contents) }
        insertIntoWindow(message)
        publish(.messageAdded(message), from: .user)
        return message
    }

    /// The bytes of `message`'s attachment, read back from the store.
    package func attachmentContents(of message: Message) throws(ChatError) -> Data {
        guard message.attachment != nil, !message.isDeleted else {
            throw .messageNotAllowed("message #\(message.id) has no attachment")
        }
        let id = message.id
        guard let contents = try storing({ () throws(StoreError) in try store.attachmentContents(messageID: id) })
        else {
            throw .noSuchMessage("message #\(id) no longer has an attachment")
        }
        return contents
    }

    /// How much of a file the image-size reader sees: enough for any PNG, GIF and WebP
    /// header and for JPEGs with up to 1 MiB of metadata before their frame header.
    static let headerBytes = 1 << 20

    /// Reads a file to attach: a regular file (symbolic links followed) of at most
    /// `ChatStore.maximumAttachmentBytes`, checked before reading.
    static func readAttachment(path: String) throws(ChatError) -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(
                atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        } catch {
            throw .cannotReadFile(path: path, reason: MissingFile.reason(path))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .cannotReadFile(path: path, reason: "it is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= ChatStore.maximumAttachmentBytes else {
            throw .store(
                .attachmentTooLarge(
                    fileName: URL(fileURLWithPath: path).lastPathComponent, byteCount: size,
                    limit: ChatStore.maximumAttachmentBytes))
        }
        do {
            let contents = try Data(contentsOf: URL(fileURLWithPath: path))
            guard contents.count <= ChatStore.maximumAttachmentBytes else {
                throw ChatError.store(
                    .attachmentTooLarge(
                        fileName: URL(fileURLWithPath: path).lastPathComponent, byteCount: contents.count,
                        limit: ChatStore.maximumAttachmentBytes))
            }
            return contents
        } catch let error as ChatError {
            throw error
        } catch {
            throw .cannotReadFile(path: path, reason: "it cannot be read (\(error.localizedDescription))")
        }
    }
}
