import BanterCore
import BanterLua
import Foundation

/// Reads the files a bot sends (`chat:reply(text, { file = "menu.png" })`) from its own
/// folder (and those a scenario's `me { file = }` sends from the scenario's folder), under the sandbox's path rules: a relative path of plain names (no `..`, no `.`,
/// no absolute path, no empty part), and a regular file whose real location, symbolic
/// links resolved, is inside the bot's real folder, of at most `Attachment.maximumByteCount`.
package enum BotFiles {
    /// The file's name and bytes, or an error saying which rule it broke.
    package static func read(
        _ name: String, botDirectory: String, function: String, folderLabel: String = "the bot's folder"
    ) throws(LuaCallError)
        -> BotFile
    {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw LuaCallError(
                "\(function): 'file' must be a path inside \(folderLabel) such as \"menu.png\" or \"images/menu.png\" "
                    + "(no absolute paths, no '..'), got \"\(name)\"")
        }
        // realpath(3) and stat(2) rather than Foundation's symbolic-link resolution and file
        // attributes (which look up the owner's account): a menu with a picture reads it
        // for every reply, and a crawl sends thousands.
        let folder = realPath(botDirectory) ?? URL(fileURLWithPath: botDirectory).standardizedFileURL.path
        guard let path = realPath(folder + "/" + name) else {
            throw LuaCallError("\(function): no file \"\(name)\" in \(folderLabel)")
        }
        guard path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw LuaCallError(
                "\(function): the file \"\(name)\" leads outside \(folderLabel) (through a symbolic link)")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw LuaCallError("\(function): no file \"\(name)\" in \(folderLabel)")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LuaCallError("\(function): \"\(name)\" is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= Attachment.maximumByteCount else {
            throw LuaCallError(
                "\(function): \"\(name)\" is \(size) bytes; files may be at most \(Attachment.maximumByteCount) bytes (25 MiB)"
            )
        }
        guard let contents = FileManager.default.contents(atPath: path), contents.count <= Attachment.maximumByteCount
        else {
            throw LuaCallError("\(function): \"\(name)\" cannot be read")
        }
        return BotFile(name: URL(fileURLWithPath: path).lastPathComponent, contents: contents)
    }

    /// `path` with every symbolic link resolved, absolute; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
