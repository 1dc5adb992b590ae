import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterExport

/// A group chat in the HTML and Markdown exports (issue 25): received clusters under their
/// sender's name in the colour the terminal gives them, the initial as an avatar beside the
/// cluster's last bubble; two-party exports unchanged (their goldens).
@Suite("Exports of group chats")
struct GroupExportTests {
    static let conversation = Conversation(
        id: 1, title: "Quiz night", botScriptPath: nil, rules: GroupingRules(),
        createdAt: ReferenceDay.at(dayOffset: 0, 18, 0))

    static func export(_ messages: [Message] = GroupConversation.messages) -> TranscriptExport {
        TranscriptExport(
            conversation: conversation, participant: Participant(name: "Quiz night"), messages: messages,
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now, participants: GroupConversation.participants
        )
    }

    @Test("goldens", arguments: [ExportFormat.markdown, .html])
    func goldens(format: ExportFormat) throws {
        try GoldenFolder.exports.check(Self.export().rendered(as: format), named: "group.\(format.fileExtension)")
    }

    @Test func htmlNamesEachClusterInItsSendersColour() {
        let html = Self.export().rendered(as: .html)
        let bob = Palette.defaultParticipantColors[2].rgb.hex
        #expect(
            html.contains(
                "<div class=\"cluster them group\">\n<div class=\"sender\" dir=\"auto\" style=\"color: \(bob)\">Bob</div>"
            ))
        #expect(html.contains("style=\"color: #FF8800\">Host</div>"), "a declared colour wins")
        #expect(html.components(separatedBy: ">Quizzy</div>").count == 3, "once per cluster, not per message")
        #expect(
            html.contains(
                "<h1 dir=\"auto\">Quiz night</h1><p class=\"subtitle\" dir=\"auto\">Quizzy, Host, Bob, 美咲 and you</p>"))
    }

    @Test func theAvatarSitsBesideTheClustersLastBubbleOnly() {
        let html = Self.export().rendered(as: .html)
        #expect(
            !html.contains("<div class=\"bubble\" dir=\"auto\"><span class=\"avatar"), "not beside the first of two")
        #expect(
            html.contains(
                "<div class=\"bubble tail\" dir=\"auto\"><span class=\"avatar member\" style=\"background: #FF8800\">H</span>"
                    + "Welcome"))
        #expect(html.contains("<div class=\"emoji\" dir=\"auto\"><span class=\"avatar member\""), "beside an emoji too")
        #expect(html.contains(">美</span>Canberra"), "a two-character initial")
        #expect(html.contains(">Z</span>Hi from an imported chat"), "someone the group has no record of")
        #expect(!html.contains("<div class=\"cluster me group\">"), "your own messages are drawn as before")
    }

    @Test func aMessageWithOnlyButtonsCarriesTheAvatarInItsChips() {
        var buttons = Message(
            id: 99, conversationID: 1, sender: Sender(.them, participant: "Host"), text: "",
            sentAt: ReferenceDay.at(dayOffset: 0, 19, 0))
        buttons.actions = MessageActions(buttons: [ActionButton(label: "Next", payload: "next")])
        let html = Self.export(GroupConversation.messages + [buttons]).rendered(as: .html)
        #expect(
            html.contains("<div class=\"chips\"><span class=\"avatar member\" style=\"background: #FF8800\">H</span>"))
    }

    @Test func hostileNamesAreEscapedAndColoursNeverReachTheStyleRaw() {
        let name = "<img src=x onerror=alert(1)>\u{1B}[31m"
        let message = Message(
            id: 1, conversationID: 1, sender: Sender(.them, participant: name), text: "hi", sentAt: ReferenceDay.now)
        let export = TranscriptExport(
            conversation: Self.conversation, participant: Participant(name: "x"), messages: [message],
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now,
            participants: [Participant(name: name, initial: "<", color: "red; background: url(x)", kind: .person)])
        let html = export.rendered(as: .html)
        #expect(!html.contains("<img"))
        #expect(!html.contains("\u{1B}"))
        #expect(!html.contains("url(x)"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func markdownNamesEachMessagesSender() {
        let markdown = Self.export().rendered(as: .markdown)
        #expect(markdown.contains("**Host:** Welcome everyone!"))
        #expect(markdown.contains("**美咲:** Canberra 🇦🇺"))
        #expect(markdown.contains("**You:** Nice one"))
    }
}
