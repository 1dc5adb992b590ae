import BanterTestSupport
import Foundation

/// A temporary folder with bot scripts and a database for runs of `banter chat`.
final class ChatFixture {
    private let temporary: TemporaryFolder

    init() throws {
        temporary = try TemporaryFolder(prefix: "banter-e2e")
    }

    /// The folder, removed with its content when the fixture is released.
    var folder: URL { temporary.url }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { temporary.file(name) }

    /// Writes a file into the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try temporary.write(name, text)
    }

    /// Creates a file or folder whose name is given as bytes (see
    /// `TemporaryFolder.create(bytes:_:folder:)`).
    @discardableResult
    func create(bytes name: [UInt8], _ text: String = "", folder: Bool = false) throws -> [UInt8] {
        try temporary.create(bytes: name, text, folder: folder)
    }

    /// The fixed, reproducible arguments of piped runs: a virtual clock starting on
    /// 20 Nov 2026 at 19:00 UTC, 40 columns, ASCII borders.
    static let reproducible = [
        "--start", "2026-11-20 19:00", "--time-zone", "UTC", "--width", "40", "--border", "ascii",
    ]

    /// A `width` × `height` terminal running `command` in the folder, with the folder as
    /// HOME, so nothing of the machine's user (configuration, themes) is read.
    func terminal(_ command: String, width: Int, height: Int) throws -> TmuxSession {
        try TmuxSession(
            command: command, width: width, height: height, environment: ["HOME": folder.path],
            directory: folder.path)
    }

    /// Runs `banter chat` with `arguments`, `input` piped in.
    func chat(_ arguments: [String], input: String) throws -> BanterBinary.Result {
        try BanterBinary.run(["chat"] + arguments, input: input, environment: ["HOME": folder.path])
    }
}
