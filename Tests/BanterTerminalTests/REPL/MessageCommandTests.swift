import BanterChat
import BanterCore
import Testing

@testable import BanterTerminal

@Suite("Message commands")
struct MessageCommandTests {
    private func command<Command: ReplCommandDefinition>(_ line: String, as type: Command.Type) throws -> Command? {
        if case .command(let command) = try ReplInput.parse(line) { return command as? Command }
        return nil
    }

    private func error(_ line: String) -> CommandError? {
        do {
            _ = try ReplInput.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func references() throws {
        #expect(
            try command("/reply sounds good", as: ReplyCommand.self)
                == ReplyCommand(reference: .newest, text: "sounds good"))
        #expect(
            try command("/reply -2 sounds good", as: ReplyCommand.self)
                == ReplyCommand(reference: .newestBut(2), text: "sounds good"))
        #expect(try command("/react #41 ❤️", as: ReactCommand.self) == ReactCommand(reference: .id(41), emoji: "❤️"))
        #expect(
            try command("/edit fixed typo", as: EditCommand.self) == EditCommand(reference: .newest, text: "fixed typo")
        )
        #expect(try command("/delete", as: DeleteCommand.self) == DeleteCommand(reference: .newest))
        #expect(try command("/delete #7", as: DeleteCommand.self) == DeleteCommand(reference: .id(7)))
        #expect(
            try command("/copy -3 --print", as: CopyCommand.self) == CopyCommand(reference: .newestBut(3), prints: true)
        )
        #expect(try command("/copy", as: CopyCommand.self) == CopyCommand(reference: .newest, prints: false))
        #expect(try command("/ids ON", as: IdsCommand.self) == IdsCommand(shows: true))
        #expect(
            try command("/open-attachment #3 --save ~/Downloads", as: OpenAttachmentCommand.self)
                == OpenAttachmentCommand(reference: .id(3), destination: "~/Downloads"))
    }

    @Test func attachPaths() throws {
        #expect(try command("/attach menu.png", as: AttachCommand.self) == AttachCommand(path: "menu.png", caption: ""))
        #expect(
            try command("/attach menu.png Tonight's menu", as: AttachCommand.self)
                == AttachCommand(path: "menu.png", caption: "Tonight's menu"))
        #expect(
            try command("/attach \"my menu.png\" caption", as: AttachCommand.self)
                == AttachCommand(path: "my menu.png", caption: "caption"))
        #expect(
            try command("/attach my\\ menu.png", as: AttachCommand.self)
                == AttachCommand(path: "my menu.png", caption: ""))
        #expect(error("/attach")?.message == "/attach needs the path of a file")
        #expect(error("/attach \"open")?.message == "the quoted path has no closing \"")
    }

    @Test(
        "bad input gets one clear line",
        arguments: [
            ("/react", "/react needs an emoji, e.g. 👍"),
            ("/reply -2", "/reply needs the text of the reply"),
            ("/delete now", "/delete takes only a message reference (-N or #ID), not \"now\""),
            ("/ids maybe", "/ids takes on or off, not \"maybe\""),
            ("/copy --html", "/copy knows --print only, not --html"),
            ("/open-attachment --save", "/open-attachment needs a path after --save"),
        ])
    func errors(line: String, message: String) {
        #expect(error(line)?.message == message)
    }

    @Test func aWordThatLooksLikeAReferenceButIsNotOneIsAnError() {
        #expect(error("/edit -0 text")?.message.contains("-0 is not a message reference") == true)
        #expect(error("/react #4x 👍")?.message.contains("#4x is not a message reference") == true)
    }

    @Test func completion() {
        #expect(ReplCompletion.candidates(textBeforeCursor: "/attach ", titles: []) == .files)
        #expect(ReplCompletion.candidates(textBeforeCursor: "/attach menu.png cap", titles: []) == .none)
        #expect(ReplCompletion.candidates(textBeforeCursor: "/ids o", titles: []) == .words(["on", "off"]))
        #expect(
            ReplCompletion.candidates(textBeforeCursor: "/re", titles: [])
                == .words(["/reload", "/reply", "/react", "/retry"]))
    }

    @Test func savedNamesAreSafe() {
        #expect(OpenAttachmentCommand.safeFileName("../../etc/passwd", id: 3) == "_.._etc_passwd")
        #expect(OpenAttachmentCommand.safeFileName(".hidden", id: 3) == "hidden")
        #expect(OpenAttachmentCommand.safeFileName("a\u{1B}b.png", id: 3) == "a_b.png")
        #expect(OpenAttachmentCommand.safeFileName("", id: 3) == "attachment-3")
    }
}
