/// Every colour Banter draws, by role: the one place a theme sets them, shared by the
/// terminal renderer and the HTML export. A new kind of line gets a new role here (and an
/// entry in `Palette.TextRole`), never a colour of its own where it is drawn.
public struct Palette: Hashable, Sendable {
    /// Bubbles of the side whose eyes the transcript is seen through.
    package var sent: BubbleColors
    /// Bubbles of the other side.
    package var received: BubbleColors
    /// The page behind a full-page export.
    package var page: PageColors
    /// Section headers ("Today 19:02") and the "beginning of conversation" marker.
    package var header: TextStyle
    /// System messages ("You matched with Alisha"), centred.
    package var system: TextStyle
    /// Notices in the chat that are not stored (a script error with its file:line).
    package var notice: TextStyle
    /// "Sent ✓" and "Delivered ✓✓" under the last sent message.
    package var status: TextStyle
    /// "Read ✓✓".
    package var statusRead: TextStyle
    /// "Sending…".
    package var statusSending: TextStyle
    /// "Alisha is typing...".
    package var typing: TextStyle
    /// The matched terms in search hits.
    package var highlight: TextStyle
    /// Trace lines: which handler took a message and what it did.
    package var trace: TextStyle
    /// Error lines of REPL commands.
    package var error: TextStyle
    /// Other command output (help, lists, settings).
    package var info: TextStyle
    /// The input prompt ("Message Alisha… ").
    package var prompt: TextStyle
    /// URLs in messages (drawn as OSC 8 hyperlinks in terminals).
    package var link: TextStyle
    /// `` `code` `` in messages.
    package var code: TextStyle
    /// A reply's quote above its text: the bar, the quoted sender and first line.
    package var quote: TextStyle
    /// The reaction badges under a bubble ("❤️ 2").
    package var reaction: TextStyle
    /// The "edited" marker in an edited message's bubble.
    package var edited: TextStyle
    /// The "message deleted" placeholder.
    package var deleted: TextStyle
    /// An attachment's details (kind, pixel size, byte size) in its bubble.
    package var attachment: TextStyle
    /// Message ids beside bubbles (`/ids on`).
    package var messageID: TextStyle
    /// Buttons and quick replies under a bubble ("[1 Yes]").
    package var button: TextStyle
    /// The colours a group's participants are told apart by (their names above bubbles and
    /// their avatars), given out in the order they joined; a bot may declare its own. Empty
    /// draws names without colour (bold).
    package var participants: [ThemeColor]

    /// The participant palette of the colour themes: six hues that read on light and dark
    /// backgrounds alike and stay apart from each other.
    public static let defaultParticipantColors: [ThemeColor] = [
        "#D9534F", "#2E9E5B", "#3A7BD5", "#A15CC8", "#C98A0C", "#17A2A2",
    ].compactMap { ThemeColor(parsing: $0) }

    public init(
        sent: BubbleColors, received: BubbleColors, page: PageColors,
        header: TextStyle = .faint, system: TextStyle = .faint, notice: TextStyle = TextStyle(italic: true),
        status: TextStyle = .plain, statusRead: TextStyle = .plain, statusSending: TextStyle = .faint,
        typing: TextStyle = .faint, highlight: TextStyle = TextStyle(inverse: true), trace: TextStyle = .faint,
        error: TextStyle = TextStyle(bold: true), info: TextStyle = .plain, prompt: TextStyle = .faint,
        link: TextStyle = TextStyle(underline: true), code: TextStyle = TextStyle(inverse: true),
        quote: TextStyle = .plain, reaction: TextStyle = .plain, edited: TextStyle = TextStyle(italic: true),
        deleted: TextStyle = TextStyle(italic: true), attachment: TextStyle = .plain, messageID: TextStyle = .faint,
        button: TextStyle = TextStyle(bold: true),
        participants: [ThemeColor] = Palette.defaultParticipantColors
    ) {
        self.sent = sent
        self.received = received
        self.page = page
        self.header = header
        self.system = system
        self.notice = notice
        self.status = status
        self.statusRead = statusRead
        self.statusSending = statusSending
        self.typing = typing
        self.highlight = highlight
        self.trace = trace
        self.error = error
        self.info = info
        self.prompt = prompt
        self.link = link
        self.code = code
        self.quote = quote
        self.reaction = reaction
        self.edited = edited
        self.deleted = deleted
        self.attachment = attachment
        self.messageID = messageID
        self.button = button
        self.participants = participants
    }

    /// How `role` is drawn inside `side`'s bubbles: a role that takes the bubble's tint and
    /// sets no foreground of its own gets the bubble's secondary colour. The renderer and the
    /// contrast check both ask this, so what is checked is what is drawn.
    package func style(of role: TextRole, in side: BubbleRole) -> TextStyle {
        var style = self[keyPath: role.keyPath]
        if role.takesBubbleTint, style.foreground == nil, let tint = self[keyPath: side.keyPath].secondaryText {
            style.foreground = tint
        }
        return style
    }

    /// Whether bubbles have a body colour: without one they are drawn as outlines.
    package var fillsBubbles: Bool {
        sent.fill != nil && received.fill != nil
    }
}
