/// The standard xterm 256-colour palette, for outputs that need a 24-bit value for an index
/// (HTML). Entries 0–15 are the system colours as xterm sets them by default; terminals let
/// users change those, which is why themes meant for many terminals prefer 16–255.
enum XTermPalette {
    static func color(at index: UInt8) -> RGBColor {
        let index = Int(index)
        switch index {
        case 0..<16:
            let (r, g, b) = system[index]
            return RGBColor(red: r, green: g, blue: b)
        case 16..<232:
            let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
            let offset = index - 16
            return RGBColor(red: levels[offset / 36], green: levels[(offset / 6) % 6], blue: levels[offset % 6])
        default:
            let grey = UInt8(8 + (index - 232) * 10)
            return RGBColor(red: grey, green: grey, blue: grey)
        }
    }

    private static let system: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]
}
