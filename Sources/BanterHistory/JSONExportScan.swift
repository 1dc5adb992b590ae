import BanterCore
import BanterExport
import Foundation

/// What the JSON export readers (Telegram, Discord) share: walking the export's one object
/// as it streams in, reading its ISO 8601 times, and saying why an element did not decode.
enum JSONExportScan {
    /// Walks the export's JSON text, handing out its top-level fields and each element of
    /// its `messages` array; a file that is not JSON, or cut off, is refused whole.
    static func scan(_ export: ChatExport, _ body: (DocumentScanner.Event) throws -> Void) throws {
        var scanner = DocumentScanner()
        try export.readText { chunk in
            let (events, failure) = scanner.scan(chunk)
            for event in events { try body(event) }
            if case .notJSON(let detail)? = failure {
                throw HistoryError.unreadable(path: export.textName, reason: "it is not valid JSON (\(detail))")
            } else if let failure {
                throw HistoryError.unreadable(path: export.textName, reason: "\(failure)")
            }
        }
        guard scanner.isComplete else {
            throw HistoryError.unreadable(
                path: export.textName,
                reason: "it ends at byte \(scanner.offset) before its closing \"}\": it was cut off")
        }
    }

    /// An ISO 8601 time with its offset ("2024-01-01T10:01:00.1234567+01:00"), to the
    /// millisecond: the offset keeps the instant whatever zone the export was made in.
    static func time(_ text: String) -> Timestamp? {
        var text = text
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            if digits.count > 3 {
                text.removeSubrange(digits.index(digits.startIndex, offsetBy: 3)..<digits.endIndex)
            }
        }
        return ISOTimestamp.parse(text)
    }

    /// Why an element did not decode, in a few words: the key and what was wrong.
    static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
