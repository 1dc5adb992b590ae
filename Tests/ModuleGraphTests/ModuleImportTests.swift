import BanterTestSupport
import Foundation
import Testing

/// The module graph in Package.swift is the one the code has: every `import` of a target's
/// Swift files names a module the target declares in its `dependencies:` (or one the
/// toolchain provides), and every module a target declares is imported somewhere in it. An
/// import that only compiles because another target happened to pull the module in is
/// exactly the bent edge docs/architecture.md's graph would not show.
@Suite struct ModuleImportTests {
    @Test func everyImportIsDeclaredAndEveryDeclarationImported() throws {
        let targets = try PackageTarget.read()
        #expect(targets.count > 10, "Package.swift's targets were not read")
        var problems: [String] = []
        for target in targets {
            let imports = try SwiftImports.of(folder: target.folder)
            let declared = Set(target.dependencies)
            for found in imports
            where !declared.contains(found.module) && !SwiftImports.toolchain.contains(found.module) {
                problems.append(
                    "\(found.file):\(found.line) imports \(found.module), which \(target.name) does not declare in Package.swift"
                )
            }
            // A target of C sources (LuaSandbox) has no imports to match its declarations.
            let imported = Set(imports.map(\.module))
            for module in target.dependencies where !imports.isEmpty && !imported.contains(module) {
                problems.append("\(target.name) declares \(module) in Package.swift, but none of its files imports it")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The reading of import lines itself: attributes, access levels and kinds of
    /// declaration imports all name their module.
    @Test func importLinesNameTheirModule() throws {
        let folder = try TemporaryFolder()
        let lines = [
            "import Alpha", "@testable import Beta", "@preconcurrency import Gamma", "package import Delta",
            "import struct Epsilon.Thing", "  import Zeta // indented, as under #if", "let text = \"import Eta\"",
            "// import Theta",
        ]
        try folder.write("A.swift", lines.joined(separator: "\n"))
        let modules = try SwiftImports.of(folder: folder.url).map(\.module)
        #expect(modules == ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"])
    }
}

/// A target of Package.swift as `swift package dump-package` describes it: its name, the
/// folder of its sources and the modules its `dependencies:` name (targets by name, and
/// products, whose module names are their product names in this package).
private struct PackageTarget {
    var name: String
    var folder: URL
    var dependencies: [String]

    /// The package's Swift targets (system libraries and plugins have no imports to check).
    static func read() throws -> [PackageTarget] {
        // A scratch folder of its own, so the manifest is read without waiting for the
        // build folder a running `swift test` holds, and kept, so its compiled manifest is
        // reused by the next run.
        let scratch = Repository.url(".build/module-graph").path
        let result = try ChildProcess.succeed(
            "swift", ["package", "--scratch-path", scratch, "dump-package"],
            currentDirectory: Repository.root, timeout: 300)
        let manifest = try JSONDecoder().decode(Manifest.self, from: result.output)
        return manifest.targets.compactMap { target in
            let defaultFolder: String
            switch target.type {
            case "regular", "executable": defaultFolder = "Sources/" + target.name
            case "test": defaultFolder = "Tests/" + target.name
            default: return nil
            }
            let folder = Repository.url(target.path ?? defaultFolder)
            return PackageTarget(
                name: target.name, folder: folder, dependencies: target.dependencies.compactMap(\.module))
        }
    }

    private struct Manifest: Decodable {
        var targets: [Target]
    }

    private struct Target: Decodable {
        var name: String
        var type: String
        var path: String?
        var dependencies: [Dependency]
    }

    /// `{"byName": ["BanterCore", null]}`, `{"target": ["X", null]}` or
    /// `{"product": ["GRDB", "GRDB.swift", null, null]}`: the first element names the module.
    private struct Dependency: Decodable {
        var module: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            module = nil
            for key in container.allKeys {
                var elements = try container.nestedUnkeyedContainer(forKey: key)
                module = try elements.decodeIfPresent(String.self)
            }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The `import` lines of the Swift files under a folder.
private enum SwiftImports {
    /// Modules every target may import without declaring them: the toolchain's own.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl",
        "Darwin",
        "Synchronization", "Testing", "XCTest", "PackagePlugin", "_Concurrency",
    ]

    struct Import {
        /// The file, relative to the repository's root.
        var file: String
        var line: Int
        var module: String
    }

    /// The module `line` imports: `import M`, with any attributes (`@testable`), access
    /// level (`package import`) or declaration kind (`import struct M.T`), at the start of
    /// the line (maybe indented); nil for any other line.
    static func module(importedBy line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        if let first = words.first, accessLevels.contains(String(first)) { words.removeFirst() }
        guard words.popFirst() == "import", var name = words.popFirst() else { return nil }
        if declarationKinds.contains(String(name)), let qualified = words.popFirst() { name = qualified }
        let module = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return module.isEmpty ? nil : String(module)
    }

    private static let accessLevels: Set = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    static func of(folder: URL) throws -> [Import] {
        let root = Repository.root.standardizedFileURL.path + "/"
        var found: [Import] = []
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path } ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let path = file.standardizedFileURL.path
            let shown = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let module = module(importedBy: line) else { continue }
                found.append(Import(file: shown, line: offset + 1, module: module))
            }
        }
        return found
    }
}
