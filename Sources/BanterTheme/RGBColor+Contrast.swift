#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2 contrast: the measure the theme check uses for every role on its background.
extension RGBColor {
    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    var relativeLuminance: Double {
        let linear = Self.linearComponents
        return 0.2126 * linear[Int(red)] + 0.7152 * linear[Int(green)] + 0.0722 * linear[Int(blue)]
    }

    /// Each 8-bit sRGB component made linear, computed once: renderers are built per event in
    /// the REPL, and each derives its bubbles' secondary colours from these.
    private static let linearComponents: [Double] = (0...255).map { component in
        let value = Double(component) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// WCAG 2's contrast ratio, from 1 (the same luminance) to 21 (black on white); the
    /// order of the two colours does not matter.
    func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colours a terminal may draw this colour in with the faint attribute (SGR 2) on
    /// `background`: terminals disagree, so both common ways. xterm and Alacritty scale the
    /// colour to about two thirds; VTE (GNOME Terminal) and kitty blend it halfway or more
    /// toward the background.
    func faintRenderings(on background: RGBColor) -> [RGBColor] {
        let scaled = RGBColor(
            red: UInt8(Double(red) * 2 / 3), green: UInt8(Double(green) * 2 / 3), blue: UInt8(Double(blue) * 2 / 3))
        return [scaled, mixed(with: background, fraction: 0.5)]
    }
}
