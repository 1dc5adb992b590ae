import BanterChat
import BanterCore
import Foundation

/// `/open-attachment [REF] [--save PATH]`: writes a message's file back out, by default
/// under its own name in the current folder.
struct OpenAttachmentCommand: ReplCommandDefinition, Equatable {
    static let name = "open-attachment"
    static let usage = "/open-attachment [-N|#ID] [--save PATH]"
    static let summary = "write a message's file out (into the current folder, or --save PATH)"

    var reference: MessageReference
    var destination: String?

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        request.word.hasPrefix("-") ? .matching(["--save"], request.word) : .files
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> OpenAttachmentCommand {
        var rest = arguments
        var destination: String?
        if let range = rest.range(of: "--save") {
            let path = rest[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { throw missing("a path after --save") }
            destination = path
            rest = String(rest[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return OpenAttachmentCommand(reference: try referenceOnly(rest), destination: destination)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let message = try session.resolve(reference, for: .openAttachment)
            let contents = try session.attachmentContents(of: message)
            let name = Self.safeFileName(message.attachment?.fileName ?? "", id: message.id)
            let target: String
            if let destination {
                let path = repl.expandingHome(destination)
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                target =
                    exists && isFolder.boolValue ? URL(fileURLWithPath: path).appendingPathComponent(name).path : path
            } else {
                target = name
            }
            // Never over an existing file, also one --save names (or finds in its folder).
            guard !FileManager.default.fileExists(atPath: target) else {
                let elsewhere = "/open-attachment \(reference == .newest ? "" : "\(reference) ")--save PATH"
                repl.showError(
                    destination == nil
                        ? "\(target) already exists here: choose where with \(elsewhere)"
                        : "\(target) already exists; Banter does not overwrite it: remove it, or choose another path with \(elsewhere)"
                )
                return
            }
            do {
                try contents.write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
            } catch {
                repl.showError("cannot write \(target): \(error.localizedDescription)")
                return
            }
            repl.info("saved \(ByteSize.format(contents.count)) from #\(message.id) to \(target)")
        }
        return .keepGoing
    }

    /// A stored name made safe to create in a folder: no folders, no leading dot, no
    /// control characters; the message's id when nothing is left.
    static func safeFileName(_ name: String, id: Int64) -> String {
        var safe = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "/"
                    || scalar == "\\"
                    ? "_" : Character(scalar)
            })
        while safe.hasPrefix(".") { safe.removeFirst() }
        return safe.isEmpty ? "attachment-\(id)" : safe
    }
}
