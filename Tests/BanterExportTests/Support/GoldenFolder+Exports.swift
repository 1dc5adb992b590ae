import BanterTestSupport
import Foundation

extension GoldenFolder {
    /// Tests/BanterExportTests/Goldens: reviewed exports, one file per format.
    static var exports: GoldenFolder { GoldenFolder(bundle: .module, besideTargetOf: #filePath) }
}
