import BanterCore

/// A validated transcript, ready to become a new conversation: its settings and its
/// messages as plain values (the store assigns new ids).
public struct ImportedTranscript: Hashable, Sendable {
    public var title: String
    package var botScriptPath: String?
    package var rules: GroupingRules
    package var participant: Participant
    /// A group's participants; empty for two parties.
    package var participants: [Participant] = []
    /// The branches the header lists (labels, the current one); empty for older files.
    package var branches: [TranscriptBranch] = []
    /// In layout order, so that inserting them in this order keeps ties in the same order.
    package var messages: [ImportedMessage]
}
