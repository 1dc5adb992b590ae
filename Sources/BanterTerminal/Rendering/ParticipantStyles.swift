import BanterCore
import BanterTheme

/// How a group's participants are drawn: each one's name and initial, sanitised and
/// measured once, and the escape of their colour (`ParticipantColors`: the colour a bot
/// declared, else the theme's participant palette in the order they joined). Built once per
/// renderer.
struct ParticipantStyles: Sendable {
    /// One participant as drawn.
    struct Style: Sendable {
        /// The name, sanitised, as the line above a cluster shows it.
        let name: String
        /// The initial in the avatar, sanitised, and its width (1 or 2 columns).
        let initial: String
        let initialWidth: Int
        /// The escape that starts the participant's colour; empty without colour.
        let ink: String
    }

    /// The columns the avatar takes beside received bubbles in a group: the initial (two
    /// columns at most) and a space.
    static let avatarColumns = 3

    private var styles: [String: Style] = [:]
    private let colors: ParticipantColors
    private let mode: ColorMode
    private let widthModel: WidthModel
    let reset: String

    init(participants: [Participant], theme: Theme, widthModel: WidthModel) {
        colors = ParticipantColors(
            palette: theme.palette.participants, members: participants.map { ($0.name, $0.color) })
        mode = theme.colorMode
        self.widthModel = widthModel
        reset = mode == .none ? "" : SGR.reset
        for participant in participants {
            styles[participant.name] = style(
                name: participant.name, initial: participant.initial, color: colors.color(for: participant.name))
        }
    }

    /// How `name` is drawn: as the group knows them, or (a name the group has no record
    /// of, such as an imported chat's) with their first character and the colour
    /// `ParticipantColors` chooses by the name.
    func style(for name: String) -> Style {
        if let known = styles[name] { return known }
        return style(name: name, initial: name.first.map { String($0) } ?? "?", color: colors.color(for: name))
    }

    private func style(name: String, initial: String, color: ThemeColor?) -> Style {
        var clean = Sanitizer.sanitize(initial)
        var width = DisplayWidth.of(clean, model: widthModel)
        if width < 1 || width > 2 {
            clean = "?"
            width = 1
        }
        let style = TextStyle(foreground: color, bold: true)
        return Style(
            name: Sanitizer.sanitize(name), initial: clean, initialWidth: width, ink: SGR.style(style, mode: mode))
    }

    /// `text` in the participant's colour.
    func paint(_ text: String, as style: Style) -> String {
        style.ink.isEmpty ? text : style.ink + text + reset
    }
}
