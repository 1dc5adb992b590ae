import BanterTestSupport
import Foundation
import Testing

extension GoldenFolder {
    /// Tests/BanterTerminalTests/Goldens: reviewed renderings, one `.txt` file each.
    static var transcripts: GoldenFolder { GoldenFolder(bundle: .module, besideTargetOf: #filePath) }

    /// Compares rendered lines with the golden `name`.txt. ESC is stored as "␛" so coloured
    /// goldens stay readable.
    func check(lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") }.joined(separator: "\n") + "\n"
        try check(text, named: "\(name).txt", sourceLocation: sourceLocation)
    }
}
