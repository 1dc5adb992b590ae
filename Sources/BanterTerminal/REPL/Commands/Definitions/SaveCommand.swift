import BanterChat
import BanterScenario
import Foundation

/// `/save FILE.lua` (`/save! FILE.lua` to overwrite): writes what happened since the REPL
/// opened as a scenario that `banter test FILE.lua` replays: the user's lines, the real
/// gaps, every reply with its exact text, the bot's seed and memory at the start; a group's
/// participants, what the people the user speaks for said, and who wrote each reply. Files the
/// user sent are named where they are when inside the scenario's folder, else written to
/// `NAME.files/` beside it (`SavedFiles`). When a bot asked a language model since the
/// recording started, those answers go to `NAME.cassette.jsonl` beside it, which the
/// scenario replays them from. A chat that forked (`/fork`, `/retry`) is saved with a
/// `branch` per branch explored, named by their `/branch` labels.
struct SaveCommand: ReplCommandDefinition, Equatable {
    static let name = "save"
    static let aliases = ["save!"]
    static let usage = "/save FILE.lua"
    static let summary = "save this session as a scenario for banter test (/save! overwrites)"

    var path: String
    var overwrites: Bool

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion { .files }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> SaveCommand {
        let path = try required(arguments, "a file name ending in .lua")
        guard path.hasSuffix(".lua") else {
            throw CommandError("/save writes a scenario script: name it NAME.lua, not \"\(path)\"", usage: usage)
        }
        return SaveCommand(path: path, overwrites: context.name == "save!")
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let file = URL(fileURLWithPath: repl.expandingHome(path)).standardizedFileURL
        if !overwrites && FileManager.default.fileExists(atPath: file.path) {
            repl.showError("\(path) exists; /save! \(path) overwrites it")
            return .keepGoing
        }
        let saved: SessionRecorder.SaveSummary
        do {
            saved = try repl.recorder.save(to: file, session: repl.session)
        } catch {
            repl.showError("cannot write \(path): \(Self.reason(error, folder: file.deletingLastPathComponent()))")
            return .keepGoing
        }
        let count = saved.messageCount
        let filesWritten = saved.filesWritten
        if saved.branchCount > 1 {
            repl.info(
                "saved \(saved.branchCount) branches to \(path); banter test \(path) replays each as a test case")
        } else {
            repl.info("saved \(count) message\(count == 1 ? "" : "s") to \(path); banter test \(path) replays them")
        }
        if let cassette = repl.recorder.modelCassette(of: repl.session) {
            let target = file.deletingPathExtension().appendingPathExtension("cassette.jsonl")
            do {
                try Data(cassette.utf8).write(to: target, options: .atomic)
                repl.info("wrote the language model's answers to \(target.lastPathComponent) beside it")
            } catch {
                repl.showError("cannot write \(target.lastPathComponent): \(error.localizedDescription)")
            }
        }
        if !filesWritten.isEmpty {
            let folder = filesWritten[0].split(separator: "/").first.map(String.init) ?? ""
            repl.info(
                "wrote \(filesWritten.count) sent file\(filesWritten.count == 1 ? "" : "s") it needs to \(folder)/ beside it"
            )
        }
        return .keepGoing
    }

    /// Why a write failed, in a few words.
    private static func reason(_ error: Error, folder: URL) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
            return "the folder \(folder.path) does not exist (create it first, or save elsewhere)"
        }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(code))).lowercased()
        }
        if !FileManager.default.isWritableFile(atPath: folder.path) { return "permission denied" }
        return error.localizedDescription
    }
}
