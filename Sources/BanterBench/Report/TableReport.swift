/// The figures as an aligned plain-text table, one row per figure.
enum TableReport {
    static func render(_ figures: [Figure]) -> String {
        let header = ["figure", "value", "target", "baseline", "ratio", "met"]
        let rows = figures.map { figure in
            [
                figure.name,
                "\(NumberFormat.plain(figure.value)) \(figure.unit.symbol)",
                figure.target.description(unit: figure.unit),
                figure.baseline.map { "\(NumberFormat.plain($0.value)) \(figure.unit.symbol) (\($0.name))" } ?? "-",
                figure.ratio.map { NumberFormat.plain($0) } ?? "-",
                figure.met ? "yes" : "NO",
            ]
        }
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { row in
            row.indices.map { column in
                let cell = row[column]
                return cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: " | ").trimmingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        let missed = figures.filter { !$0.met }.count
        let summary = "\(figures.count - missed) of \(figures.count) targets met"
        return ([lines[0], rule] + lines.dropFirst() + ["", summary]).joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
