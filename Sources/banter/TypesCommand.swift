import ArgumentParser
import BanterLua
import BanterScenario
import BanterScript
import Foundation

/// `banter types DIR`: writes `DIR/banter.lua` (Lua Language Server annotations) and
/// `DIR/.luacheckrc` (luacheck standards), generated from the API the runtime registers,
/// so an editor completes, documents and checks bot and scenario code.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write editor annotations (banter.lua) and a luacheck config for bots and scenarios.",
        discussion: """
            banter.lua holds ---@meta annotations of the whole bot and scenario API for the \
            Lua Language Server (add the folder to workspace.library, or keep the file in the \
            project). .luacheckrc defines the standards banter_bot and banter_scenario: the \
            sandbox's globals plus each API's; files under a scenarios/ folder are checked as \
            scenarios. A file that is already current is left untouched.
            """
    )

    @Argument(
        help: ArgumentHelp("The folder to write the two files into (it must exist).", valueName: "dir"),
        completion: .directory)
    var directory: String

    func run() throws {
        try Diagnostics.exitOnFailure(status: 2) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw Diagnostics.Failure("\(directory): no such folder (banter types does not create it)")
            }
        }
        let files = try Diagnostics.exitOnFailure {
            [
                ("banter.lua", EditorFiles.annotations(LuaAPI.all)),
                (".luacheckrc", EditorFiles.luacheckConfig(sandbox: try SandboxGlobals.read(), apis: LuaAPI.all)),
            ]
        }
        for (name, text) in files {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            try Diagnostics.exitOnFailure {
                if FileManager.default.contents(atPath: path) == Data(text.utf8) {
                    print("\(path) is up to date")
                    return
                }
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw Diagnostics.Failure("\(path): could not write it: \(error.localizedDescription)")
                }
                print("wrote \(path)")
            }
        }
    }
}
