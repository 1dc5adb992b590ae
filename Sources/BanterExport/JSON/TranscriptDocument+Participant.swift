extension TranscriptDocument {
    /// The other side of the conversation as the user sees it.
    public struct ParticipantInfo: Hashable, Sendable, Codable {
        public var name: String
        /// One grapheme for the avatar; optional on import (the name's first character).
        public var initial: String?
        /// "#RRGGBB"; absent for the theme's default colour.
        public var color: String?

        public init(name: String, initial: String?, color: String?) {
            self.name = name
            self.initial = initial
            self.color = color
        }
    }
}
