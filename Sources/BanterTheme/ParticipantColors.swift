/// Which colour each participant of a group is drawn in, decided once for every output
/// (the terminal's names and avatars, the HTML page's): the colour a bot declared when it is
/// a valid one, else the theme's participant palette in the order they joined; a name the
/// group has no record of (an imported chat's) takes a palette colour chosen by the name,
/// the same every time. Nil everywhere for a theme without a participant palette.
package struct ParticipantColors: Sendable {
    private let palette: [ThemeColor]
    private var colors: [String: ThemeColor] = [:]

    /// - Parameter members: the group's participants (names and declared colours, "#RRGGBB"
    ///   or a palette index), in the order they joined.
    package init(palette: [ThemeColor], members: [(name: String, color: String?)]) {
        self.palette = palette
        for (index, member) in members.enumerated() {
            if let color = member.color.flatMap({ ThemeColor(parsing: $0) }) ?? paletteColor(index) {
                colors[member.name] = color
            }
        }
    }

    /// The colour `name` is drawn in (nil: without colour).
    package func color(for name: String) -> ThemeColor? {
        if let known = colors[name] { return known }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return paletteColor(Int(hash % 1024))
    }

    private func paletteColor(_ index: Int) -> ThemeColor? {
        palette.isEmpty ? nil : palette[index % palette.count]
    }
}
