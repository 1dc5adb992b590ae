import BanterCore
import Foundation

/// The validated settings of an imported transcript: what the new conversation is created
/// with before its messages arrive.
public struct ImportedConversation: Hashable, Sendable {
    package var title: String
    package var botScriptPath: String?
    package var rules: GroupingRules
    /// The other side; nil until a version 1 file gives it (see `TranscriptReader.Item`).
    package var participant: Participant?
    /// A group's participants, from a version 2 header; empty for two parties.
    package var participants: [Participant] = []
    /// The branches a version 2 header lists, checked; empty for a straight conversation
    /// and for older files.
    package var branches: [TranscriptBranch] = []

    /// Validates the settings as both versions of the format write them.
    init(conversation: TranscriptDocument.ConversationInfo, participant: Participant?) throws(ImportError) {
        guard !conversation.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidValue(path: "$.conversation.title", reason: "the title must not be empty")
        }
        title = conversation.title
        botScriptPath = conversation.botScript
        rules = try conversation.rules.groupingRules()
        self.participant = participant
    }
}
