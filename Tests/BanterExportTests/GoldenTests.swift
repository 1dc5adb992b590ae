import BanterTestSupport
import Testing

@testable import BanterExport

@Suite("Export goldens")
struct GoldenTests {
    @Test("reference conversation", arguments: ExportFormat.allCases)
    func reference(format: ExportFormat) throws {
        let text = ReferenceTranscript.export().rendered(as: format)
        try GoldenFolder.exports.check(text, named: "reference.\(format.fileExtension)")
    }
}
