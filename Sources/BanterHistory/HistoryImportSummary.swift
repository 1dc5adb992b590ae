import BanterCore
import Foundation

/// What an import did, counted for the closing summary: nothing it left out goes unsaid.
package struct HistoryImportSummary: Hashable, Sendable {
    package var title: String
    /// The format's name ("WhatsApp").
    package var format: String
    /// How the export was read ("dates day/month/year", "times in Europe/Paris").
    package var notes: [String]
    /// A group's other people, folded into the other side.
    package var folded: [String]
    package var messages = 0
    /// Files stored with their messages.
    package var attachments = 0
    /// Files the export left out ("<Media omitted>").
    var mediaOmitted = 0
    /// Files the chat names that the export does not hold (a text-only export).
    var missingFiles = 0
    package var deleted = 0
    package var edited = 0
    var systemLines = 0
    /// Replies whose message is not in the export: stored without their quote.
    var repliesToAbsent = 0
    /// Lines or records not understood or not kept whole, each reported as it was found.
    package var problems = 0

    /// The summary as lines to print (untrusted names sanitised).
    package var lines: [String] {
        var lines = [
            "Imported \(messages) message\(messages == 1 ? "" : "s") from \(format) into \"\(Sanitizer.sanitize(title))\""
                + (notes.isEmpty ? "." : " (\(notes.joined(separator: ", "))).")
        ]
        let counts = [
            Self.count(attachments, "file", "stored with its message", "stored with their messages"),
            Self.count(mediaOmitted, "file", "left out by the export"),
            Self.count(missingFiles, "file", "named but not in the export (the name kept as text)"),
            Self.count(deleted, "deleted message"), Self.count(edited, "edited message"),
            Self.count(systemLines, "system line"),
            Self.count(repliesToAbsent, "repl", "to a message not in the export (kept without the quote)").map {
                $0.replacingOccurrences(of: "repls", with: "replies").replacingOccurrences(of: "repl ", with: "reply ")
            },
        ].compactMap { $0 }
        if !counts.isEmpty { lines.append("  " + counts.joined(separator: "; ") + ".") }
        if !folded.isEmpty {
            lines.append(
                "  \(folded.count + 1) people wrote: \(folded.map { Sanitizer.sanitize($0) }.joined(separator: ", ")) "
                    + "are folded into the other side (each message keeps its sender's name).")
        }
        lines.append(
            problems == 0
                ? "  Every line was understood."
                : "  \(problems) \(problems == 1 ? "line was" : "lines were") not understood or not kept whole (listed above)."
        )
        return lines
    }

    /// "1 file stored with its message", "3 files stored with their messages"; nil for none.
    private static func count(_ count: Int, _ noun: String, _ singular: String = "", _ plural: String? = nil)
        -> String?
    {
        guard count > 0 else { return nil }
        let words = count == 1 ? [noun, singular] : [noun + "s", plural ?? singular]
        return "\(count) " + words.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
