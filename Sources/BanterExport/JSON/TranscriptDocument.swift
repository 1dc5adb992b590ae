import BanterCore
import Foundation

/// The JSON transcript of version 1: one JSON document holding every message, as Banter
/// wrote it before version 2 (JSON Lines, `TranscriptHeaderLine`). Still read by `banter
/// import` (`TranscriptReader`, message by message); its pieces (conversation, rules, participant,
/// message entry) are also those of version 2's lines. TranscriptFormat.md describes both.
struct TranscriptDocument: Hashable, Sendable, Codable {
    /// Always "banter-transcript": tells a transcript from any other JSON file.
    var format: String
    /// The format's version; a reader refuses versions it does not know.
    var version: Int
    var conversation: ConversationInfo
    var participant: ParticipantInfo
    /// Every message; sorted by time on import, ties by id. (The file's `layout` is
    /// derived data and is not read.)
    var messages: [MessageEntry]

    static let formatName = "banter-transcript"
    /// The longest message text accepted on import, in UTF-8 bytes.
    static let maximumTextBytes = 65_536

    /// A document of the current format and version, so readers can tell it from others.
    init(conversation: ConversationInfo, participant: ParticipantInfo, messages: [MessageEntry]) {
        format = Self.formatName
        version = 1
        self.conversation = conversation
        self.participant = participant
        self.messages = messages
    }
}
