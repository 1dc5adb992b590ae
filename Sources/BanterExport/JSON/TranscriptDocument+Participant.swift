extension TranscriptDocument {
    /// The other side of the conversation as the user sees it.
    struct ParticipantInfo: Hashable, Sendable, Codable {
        var name: String
        /// One grapheme for the avatar; optional on import (the name's first character).
        var initial: String?
        /// "#RRGGBB"; absent for the theme's default colour.
        var color: String?
        /// "you", "person", "bot" or "system": written for a group's participants only;
        /// optional on import ("bot").
        var kind: String?

        init(name: String, initial: String?, color: String?, kind: String? = nil) {
            self.name = name
            self.initial = initial
            self.color = color
            self.kind = kind
        }
    }
}
