import BanterTestSupport
import Foundation

/// The Lua compatibility corpus (`../shared/lua-compat/` beside the repository: Lua 5.4.4's
/// test suite and pure-Lua libraries with their own tests), and the support files the
/// conformance tests keep next to this file. Tests copy what they run into a temporary
/// folder, so the corpus stays untouched.
enum LuaCorpus {
    /// `../shared/lua-compat` relative to the repository root.
    static let root = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/lua-compat")

    static let suite = root.appendingPathComponent("lua-5.4.4-tests")
    static let libraries = root.appendingPathComponent("libraries")
    /// Lua runners and usage scripts of the conformance tests (Tests/…/Conformance/Support).
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: suite.path) }

    /// A file's bytes as script text: UTF-8 stays as it is; in a file that is not UTF-8 (the
    /// suite's Latin-1 literals and comments) each byte above 127 becomes a decimal escape,
    /// so the text is UTF-8 and its string literals hold the same bytes.
    static func scriptText(of file: URL) throws -> String {
        let bytes = try [UInt8](Data(contentsOf: file))
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        text.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 128 { text.unicodeScalars.append(Unicode.Scalar(byte)) } else { text += "\\\(byte)" }
        }
        return text
    }

    /// Copies the Lua files of `folder` (recursively) into `destination`, as script text.
    static func copyLuaFiles(of folder: URL, to destination: String, into subfolder: String = "") throws {
        let manager = FileManager.default
        let files = manager.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "lua" {
            let relative = String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            let target = URL(fileURLWithPath: destination).appendingPathComponent(subfolder).appendingPathComponent(
                relative)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try scriptText(of: file).write(to: target, atomically: true, encoding: .utf8)
        }
    }

    /// The text of a support file.
    static func supportText(_ name: String) throws -> String {
        try String(contentsOf: support.appendingPathComponent(name), encoding: .utf8)
    }
}
