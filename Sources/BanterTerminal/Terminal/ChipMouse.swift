import BanterCore
import Foundation

/// Clicking a chip (`[2 No]`) with the mouse: where the chips of the newest bubble are on
/// the screen, and the escapes that turn the terminal's mouse reports on and off. Reports
/// are asked for (SGR mode, `?1000h` and `?1006h`) only while such chips are on the screen,
/// so that everywhere else the mouse selects text as usual. Pure: the display feeds it the
/// rows it printed and asks it what a click hit.
struct ChipMouse: Equatable {
    /// One chip on the screen: its number, its row (1 is the top) and its columns (from 1).
    struct Area: Equatable {
        var number: Int
        var row: Int
        var columns: ClosedRange<Int>
    }

    static let enable = "\u{1B}[?1000h\u{1B}[?1006h"
    static let disable = "\u{1B}[?1006l\u{1B}[?1000l"

    /// The chips on the screen now; empty when none (or where they are is not known).
    private(set) var areas: [Area] = []
    /// Whether reports are on at the terminal.
    private(set) var isReporting = false

    /// Finds the chips numbered `numbers` in `lines`, whose last line is on screen row
    /// `lastRow`; rows above the screen are left out.
    mutating func place(_ lines: [String], lastRow: Int, numbers: Set<Int>, model: WidthModel) {
        areas.removeAll()
        for (index, line) in lines.enumerated() {
            let row = lastRow - (lines.count - 1 - index)
            guard row >= 1 else { continue }
            let visible = SGR.strip(Self.withoutLinks(line))
            var column = 1
            var characters = visible[...]
            while let first = characters.first {
                if first == "[" || first == "(",
                    let area = Self.chip(in: characters, at: column, row: row, model: model),
                    numbers.contains(area.number)
                {
                    areas.append(area)
                }
                column += DisplayWidth.of(String(first), model: model)
                characters = characters.dropFirst()
            }
        }
    }

    /// Forgets the chips (they scrolled away, or the newest bubble has none).
    mutating func clear() {
        areas.removeAll()
    }

    /// The escape to send now so that reports are on exactly while chips are on the screen.
    mutating func update() -> String {
        let wanted = !areas.isEmpty
        guard wanted != isReporting else { return "" }
        isReporting = wanted
        return wanted ? Self.enable : Self.disable
    }

    /// The chip a click at `column`, `row` (from 1) hit, if any.
    func chip(atColumn column: Int, row: Int) -> Int? {
        areas.first { $0.row == row && $0.columns.contains(column) }?.number
    }

    /// "[12 Label]" or "(3 Label)" starting at `text`'s first character.
    private static func chip(in text: Substring, at column: Int, row: Int, model: WidthModel) -> Area? {
        let close: Character = text.first == "[" ? "]" : ")"
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits), text.dropFirst(1 + digits.count).first == " ",
            let end = text.firstIndex(of: close)
        else { return nil }
        let width = DisplayWidth.of(String(text[...end]), model: model)
        return Area(number: number, row: row, columns: column...(column + width - 1))
    }

    /// `line` without OSC 8 hyperlink escapes (`ESC ] 8 ; … ESC \`), which take no columns.
    static func withoutLinks(_ line: String) -> String {
        guard line.contains("\u{1B}]8;") else { return line }
        var result = ""
        var rest = line[...]
        while let start = rest.range(of: "\u{1B}]8;") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "\u{1B}\\") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// Reads an SGR mouse report's fields after `ESC [ <`: "0;12;5M" is a press of the first
    /// button at column 12, row 5. Nil for anything else (a release, a wheel, a drag).
    static func press(_ report: String) -> (column: Int, row: Int)? {
        guard report.last == "M" else { return nil }
        let fields = report.dropLast().split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3, fields[0] == 0 else { return nil }
        return (fields[1], fields[2])
    }
}
