import BanterTestSupport
import Foundation

extension GoldenFolder {
    /// Tests/BanterExportTests/Goldens: reviewed exports, one file per format.
    static var exports: GoldenFolder {
        // This file is Tests/BanterExportTests/Support/GoldenFolder+Exports.swift.
        GoldenFolder(
            bundle: .module,
            sourceFolder: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")
        )
    }
}
