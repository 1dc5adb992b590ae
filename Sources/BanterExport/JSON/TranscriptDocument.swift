import BanterCore
import Foundation

/// The JSON transcript, format "banter-transcript" version 1, as a `Codable` value.
///
/// Written by `banter export --format json` with sorted keys and pretty printing, so two
/// exports of the same conversation are byte-identical and diff well; read back by
/// `banter import FILE` through `decode(from:)`. The fields are described in
/// TranscriptFormat.md next to this file. Fields marked optional are always written but
/// may be left out of hand-written files.
public struct TranscriptDocument: Hashable, Sendable, Codable {
    /// Always "banter-transcript": tells a transcript from any other JSON file.
    public var format: String
    /// The format's version; a reader refuses versions it does not know.
    public var version: Int
    public var conversation: ConversationInfo
    public var participant: ParticipantInfo
    /// Every message, in layout order (by time, ties broken by id).
    public var messages: [MessageEntry]
    /// The grouping as the product shows it, for consumers; ignored on import, where the
    /// grouping is recomputed from the rules.
    public var layout: LayoutInfo?

    public static let formatName = "banter-transcript"
    public static let currentVersion = 1
    /// The longest message text accepted on import, in UTF-8 bytes.
    public static let maximumTextBytes = 65_536

    public init(
        conversation: ConversationInfo, participant: ParticipantInfo, messages: [MessageEntry],
        layout: LayoutInfo?
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.conversation = conversation
        self.participant = participant
        self.messages = messages
        self.layout = layout
    }
}
