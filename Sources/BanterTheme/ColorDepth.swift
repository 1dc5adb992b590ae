/// How many colours a terminal shows, as far as a theme's contrast is concerned: 24-bit
/// terminals show "#RRGGBB" as written, 256-colour ones the nearest palette entry.
package enum ColorDepth: String, CaseIterable, Sendable {
    case trueColor = "24-bit colour"
    case palette256 = "256 colours"
}

extension ThemeColor {
    /// The colour a terminal of `depth` shows for this one.
    func shown(at depth: ColorDepth) -> RGBColor {
        switch depth {
        case .trueColor: rgb
        case .palette256: XTermPalette.color(at: UInt8(paletteIndex))
        }
    }

    /// The lower of the two contrast ratios (24-bit and 256 colours) with `background`.
    func worstContrast(on background: ThemeColor) -> Double {
        ColorDepth.allCases.map { shown(at: $0).contrastRatio(with: background.shown(at: $0)) }.min() ?? 1
    }
}
