/// A 24-bit colour, converted to whatever the terminal can show.
public struct RGBColor: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses "#RRGGBB" (the "#" is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.utf8.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Banter's brand pink, the colour of sent bubbles in the default theme: dark enough for
    /// white text at 4.5:1, also as its nearest 256-colour entry (#D7005F). The lighter
    /// #F25967 it replaced gave white text 3.3:1.
    static let brandPink = RGBColor(red: 0xD4, green: 0x2E, blue: 0x5B)
    package static let white = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let lightGrey = RGBColor(red: 0xE5, green: 0xE5, blue: 0xEA)
    static let nearBlack = RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let midGrey = RGBColor(red: 0x8E, green: 0x8E, blue: 0x93)
    static let highlightYellow = RGBColor(red: 0xFF, green: 0xD6, blue: 0x0A)

    /// "#RRGGBB" in capitals, as theme files and CSS write it.
    package var hex: String {
        let digits = String((Int(red) << 16) | (Int(green) << 8) | Int(blue), radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// The colour `fraction` (0...1) of the way from this one to `other`.
    package func mixed(with other: RGBColor, fraction: Double) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * min(max(fraction, 0), 1)).rounded())
        }
        return RGBColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    /// The nearest entry of the xterm 256-colour palette: the 6×6×6 cube or the grey ramp.
    package var paletteIndex: Int {
        func cubeLevel(_ component: UInt8) -> Int {
            let value = Int(component)
            if value < 48 { return 0 }
            if value < 115 { return 1 }
            return min((value - 35) / 40, 5)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let r = cubeLevel(red), g = cubeLevel(green), b = cubeLevel(blue)
        let cubeDistance = distance(to: (levels[r], levels[g], levels[b]))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let greyValue = 8 + greyStep * 10
        let greyDistance = distance(to: (greyValue, greyValue, greyValue))
        return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    private func distance(to other: (Int, Int, Int)) -> Int {
        let dr = Int(red) - other.0, dg = Int(green) - other.1, db = Int(blue) - other.2
        return dr * dr + dg * dg + db * db
    }
}
