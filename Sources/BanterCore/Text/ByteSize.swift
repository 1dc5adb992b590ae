/// File sizes as people read them in a chat ("512 B", "41.2 KiB", "3.4 MiB"): binary units,
/// one decimal below ten of a unit and none above, so the transcript, the exports and the
/// REPL's messages agree.
package enum ByteSize {
    /// `bytes` in the largest unit that keeps the number at least 1 (a negative count shows as 0 B).
    package static func format(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(max(bytes, 0))
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        if rounded >= 1024, unit < units.count - 1 { return "1 \(units[unit + 1])" }
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + " " + units[unit]
    }
}
