/// The roles a theme file names, one entry each: the file's tables, `banter config`'s
/// documentation and the theme file parser all read this list.
extension Palette {
    /// The two bubble tables, `[sent]` and `[received]`, with keys `fill`, `border`, `text`,
    /// `secondary`.
    package enum BubbleRole: String, CaseIterable, Sendable {
        case sent, received

        package var keyPath: WritableKeyPath<Palette, BubbleColors> {
            switch self {
            case .sent: \.sent
            case .received: \.received
            }
        }

        package var summary: String {
            switch self {
            case .sent: "your bubbles (the side you speak for)"
            case .received: "the other side's bubbles"
            }
        }

        /// The keys of a bubble table.
        package static var keys: [(name: String, keyPath: WritableKeyPath<BubbleColors, ThemeColor?>)] {
            [
                ("fill", \.fill), ("border", \.border), ("text", \.text), ("secondary", \.secondary),
            ]
        }
    }

    /// The text tables (`[header]`, `[status-read]`…), with keys `foreground`, `background`,
    /// `bold`, `dim`, `italic`, `underline`, `inverse`.
    public enum TextRole: String, CaseIterable, Sendable {
        case header, system, notice, status
        case statusRead = "status-read"
        case statusSending = "status-sending"
        case typing, highlight, trace, error, info, prompt
        case link, code, quote, reaction, edited, deleted, attachment
        case messageID = "message-id"
        case button

        package var keyPath: WritableKeyPath<Palette, TextStyle> {
            switch self {
            case .header: \.header
            case .system: \.system
            case .notice: \.notice
            case .status: \.status
            case .statusRead: \.statusRead
            case .statusSending: \.statusSending
            case .typing: \.typing
            case .highlight: \.highlight
            case .trace: \.trace
            case .error: \.error
            case .info: \.info
            case .prompt: \.prompt
            case .link: \.link
            case .code: \.code
            case .quote: \.quote
            case .reaction: \.reaction
            case .edited: \.edited
            case .deleted: \.deleted
            case .attachment: \.attachment
            case .messageID: \.messageID
            case .button: \.button
            }
        }

        package var summary: String {
            switch self {
            case .header: "section headers and the beginning-of-conversation marker"
            case .system: "system messages, centred"
            case .notice: "notices that are not stored (script errors)"
            case .status: "\"Sent ✓\" and \"Delivered ✓✓\""
            case .statusRead: "\"Read ✓✓\""
            case .statusSending: "\"Sending…\""
            case .typing: "the typing indicator"
            case .highlight: "matched terms in search hits"
            case .trace: "trace lines"
            case .error: "error lines of REPL commands"
            case .info: "other command output"
            case .prompt: "the input prompt"
            case .link: "links in messages"
            case .code: "`code` in messages"
            case .quote: "a reply's quote: bar, sender and first line"
            case .reaction: "reaction badges under a bubble"
            case .edited: "the \"edited\" marker"
            case .deleted: "the \"message deleted\" placeholder"
            case .attachment: "an attachment's details (kind, size)"
            case .messageID: "message ids beside bubbles (/ids on)"
            case .button: "buttons and quick replies under a bubble"
            }
        }

        /// Whether the role is drawn inside bubbles, on their fill, rather than on the
        /// terminal's background.
        var isDrawnInBubbles: Bool {
            switch self {
            case .link, .code: true
            default: takesBubbleTint
            }
        }

        /// Whether the role takes its bubble's secondary colour (`BubbleColors.secondaryText`)
        /// when it sets no foreground of its own: the quieter text inside a bubble.
        package var takesBubbleTint: Bool {
            switch self {
            case .quote, .attachment, .edited, .deleted: true
            default: false
            }
        }

        /// The contrast the role keeps with its background (WCAG 2). Text that is read gets
        /// 4.5:1; deliberately quiet text gets 3:1: times, delivery statuses, the typing
        /// indicator, system and trace lines, the prompt, the edited mark and message ids.
        /// Each repeats or annotates what the bubbles say, and is meant to recede behind them.
        var minimumContrast: Double {
            switch self {
            case .header, .system, .status, .statusRead, .statusSending, .typing, .trace, .prompt, .edited, .messageID:
                3
            case .notice, .highlight, .error, .info, .link, .code, .quote, .reaction, .deleted, .attachment, .button:
                BubbleColors.readableContrast
            }
        }

        /// The colour keys of a text table.
        package static var colorKeys: [(name: String, keyPath: WritableKeyPath<TextStyle, ThemeColor?>)] {
            [
                ("foreground", \.foreground), ("background", \.background),
            ]
        }
        /// The attribute keys of a text table.
        package static var attributeKeys: [(name: String, keyPath: WritableKeyPath<TextStyle, Bool>)] {
            [
                ("bold", \.bold), ("dim", \.dim), ("italic", \.italic), ("underline", \.underline),
                ("inverse", \.inverse),
            ]
        }
    }

    /// The `[page]` table's keys.
    package static var pageKeys: [(name: String, keyPath: WritableKeyPath<PageColors, ThemeColor>)] {
        [
            ("background", \.background), ("text", \.text),
        ]
    }
}
