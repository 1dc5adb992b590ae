extension TranscriptDocument {
    /// The other side of the conversation as the user sees it.
    public struct ParticipantInfo: Hashable, Sendable, Codable {
        public var name: String
        /// One grapheme for the avatar; optional on import (the name's first character).
        public var initial: String?
        /// "#RRGGBB"; absent for the theme's default colour.
        public var color: String?
        /// "you", "person", "bot" or "system": written for a group's participants only;
        /// optional on import ("bot").
        public var kind: String?

        public init(name: String, initial: String?, color: String?, kind: String? = nil) {
            self.name = name
            self.initial = initial
            self.color = color
            self.kind = kind
        }
    }
}
