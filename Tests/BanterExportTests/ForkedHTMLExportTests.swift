import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// The HTML export of a conversation that forked: every branch on one page, shared messages
/// drawn once, and at each branch point a `‹ 2/3 ›` switcher made of radio buttons and
/// labels (no script), the current branch's alternatives checked.
@Suite("HTML export of every branch")
struct ForkedHTMLExportTests {
    private let html = ForkedTranscript.html()

    @Test("golden: nested forks, labels (one hostile), an empty branch, a new section and a joined cluster")
    func golden() throws {
        try GoldenFolder.exports.check(html, named: "forked.html")
    }

    @Test("the page is well formed: elements closed in order, quoted attributes, unique ids, one checked per fork")
    func wellFormed() {
        #expect(HTMLStructure.problems(in: html) == [])
        for format in ["reference", "group", "kinds", "actions"] {
            let url = Bundle.module.url(forResource: format, withExtension: "html", subdirectory: "Goldens")
            let page = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            #expect(page.map(HTMLStructure.problems) == [], "\(format).html")
        }
    }

    @Test("the structure check finds what breaks a page")
    func structureCheckFindsProblems() {
        let unclosed = html.replacingOccurrences(
            of: "</section>\n</div>\n</div>\n</main>", with: "</section>\n</div>\n</main>")
        #expect(!HTMLStructure.problems(in: unclosed).isEmpty)
        let twoChecked = html.replacingOccurrences(of: "id=\"fork1-2\"", with: "id=\"fork1-2\" checked")
        #expect(HTMLStructure.problems(in: twoChecked).contains("radio group fork1 has 2 buttons checked"))
        let unquoted = html.replacingOccurrences(of: "for=\"fork1-2\"", with: "for=fork1-2")
        #expect(HTMLStructure.problems(in: unquoted).contains { $0.hasPrefix("an attribute not in double quotes") })
        let dangling = html.replacingOccurrences(of: "for=\"fork1-2\"", with: "for=\"fork9-9\"")
        #expect(HTMLStructure.problems(in: dangling).contains("label for=fork9-9 names no id"))
    }

    @Test("the current branch's way is checked at each of its branch points, and only there")
    func currentBranchShown() {
        let checked = html.split(separator: "\n").filter { $0.hasPrefix("<input") && $0.contains(" checked") }
        #expect(
            checked.map { $0.split(separator: " ")[4] } == [
                "id=\"fork1-1\"", "id=\"fork2-1\"", "id=\"fork3-2\"", "id=\"fork4-2\"",
            ])
        #expect(html.components(separatedBy: "class=\"status").count == 2, "one status, under the current branch's")
        #expect(html.contains("Pizza sounds great!</div>\n<p class=\"status delivered\">Delivered ✓✓</p>"))
    }

    @Test("labels are escaped text; ids, names and label targets are numbers made by the exporter")
    func untrustedLabels() {
        #expect(html.contains("branch 2 &quot;say &quot;yes&quot; &lt;now&gt;&quot;</span>"))
        #expect(html.contains("I&#39;ll book a table &lt;for two&gt;"))
        #expect(!html.contains("<now>") && !html.contains("<for two>"))
        // The page's only ids, radio group names and label targets (its other `name`s are
        // its <meta> tags').
        let body = html.components(separatedBy: "<body>").last ?? ""
        for attribute in [" id=\"", " name=\"", " for=\""] {
            let values = body.components(separatedBy: attribute).dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!values.isEmpty)
            #expect(
                values.allSatisfy { $0.range(of: #"^fork\d+(-\d+)?$"#, options: .regularExpression) != nil },
                "\(attribute): \(values)")
        }
        for forbidden in ["<script", "src=", "href=", "url(", "@import", "<link", "javascript:"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("every switcher: its place among the siblings, arrows to its neighbours only, its branch")
    func switchers() {
        #expect(
            html.contains(
                "<div class=\"switcher\"><span class=\"off\">‹</span><span class=\"count\">1/3</span>"
                    + "<label for=\"fork2-2\" title=\"next version\">›</label>"
                    + "<span class=\"switch-branch\" dir=\"auto\">branch 1 &quot;main&quot;</span></div>"))
        #expect(
            html.contains(
                "<div class=\"switcher\"><label for=\"fork2-2\" title=\"previous version\">‹</label>"
                    + "<span class=\"count\">3/3</span><span class=\"off\">›</span>"
                    + "<span class=\"switch-branch\" dir=\"auto\">branch 4 &quot;empty&quot; ends here</span></div>"))
        #expect(html.components(separatedBy: "<div class=\"switcher\">").count - 1 == 9, "one per alternative")
    }

    @Test("an alternative is grouped from its branch point: a new section, a new cluster or the same cluster")
    func grouping() {
        #expect(
            html.contains("<div class=\"alt\">\n<section>\n<h2 class=\"section-header\" dir=\"auto\">Today 21:30</h2>"))
        #expect(
            html.contains(
                "<div class=\"alt\">\n<section>\n<div class=\"cluster me continued\">\n<div class=\"bubble tail\" dir=\"auto\">Actually, tomorrow?"
            ))
        #expect(
            html.contains(
                "<div class=\"alt\">\n<section>\n<div class=\"cluster me\">\n<div class=\"bubble tail\" dir=\"auto\">I&#39;d rather have sushi"
            ))
    }

    /// Bob's two messages in a row, and another branch going on from his first within
    /// seconds: both alternatives are his cluster, drawn on without his name again, his
    /// avatar beside each one's last bubble, none beside the branch point's.
    @Test("in a group, an alternative that goes on in a member's cluster is drawn as part of it")
    func groupClusterContinued() {
        let bob = Sender(.them, participant: "Bob")
        func said(_ id: Int64, _ text: String, _ second: Int64) -> Message {
            Message(
                id: id, conversationID: 9, sender: bob, text: text,
                sentAt: ReferenceDay.at(dayOffset: 0, 19, 0, second), status: .sent)
        }
        let lanes: [Int64?: [Message]] = [
            nil: [said(1, "Quiz time", 0), said(2, "Question one", 5)], 2: [said(3, "Question two", 6)],
        ]
        let first = BranchTree.Stretch(lane: nil, through: BranchTree.Position(of: lanes[nil]![0]))
        let rest = BranchTree.Stretch(lane: nil, after: first.through)
        let branches = [
            Branch(storedID: nil, number: 1, name: nil, forkMessageID: nil, ownMessageCount: 2),
            Branch(storedID: 2, number: 2, name: nil, forkMessageID: 1, ownMessageCount: 1),
        ]
        let tree = BranchTree(
            stretch: first,
            fork: BranchTree.Fork(
                alternatives: [
                    BranchTree.Alternative(
                        first: lanes[nil]![1], branches: [branches[0]], tree: BranchTree(stretch: rest)),
                    BranchTree.Alternative(
                        first: lanes[2]![0], branches: [branches[1]],
                        tree: BranchTree(stretch: BranchTree.Stretch(lane: 2))),
                ], shown: 0))
        let page = ForkedTranscript.html(
            tree: tree, lanes: lanes, participants: [Participant(name: "Bob", color: "#3366FF", kind: .person)])
        #expect(HTMLStructure.problems(in: page) == [])
        #expect(page.components(separatedBy: "<div class=\"sender\"").count == 2, "Bob named once")
        #expect(page.components(separatedBy: "<div class=\"cluster them group continued\">").count == 3)
        #expect(page.contains("<div class=\"bubble\" dir=\"auto\">Quiz time</div>"), "no tail, no avatar")
        let avatar = "<span class=\"avatar member\" style=\"background: #3366FF\">B</span>"
        #expect(page.contains("<div class=\"bubble tail\" dir=\"auto\">\(avatar)Question one</div>"))
        #expect(page.contains("<div class=\"bubble tail\" dir=\"auto\">\(avatar)Question two</div>"))
        #expect(page.components(separatedBy: "class=\"pick joins\"").count == 3)
    }

    @Test("read a page at a time, any page size, the page is the same")
    func streamed() {
        for size in 1...4 {
            #expect(ForkedTranscript.html(pageSize: size) == html, "pages of \(size)")
        }
    }

    @Test("a page without forks gets no fork style: a conversation that never forked exports as before")
    func noForkStyleWithoutForks() {
        #expect(html.contains(".fork > .pick:checked + .alt { display: block; }"))
        #expect(!ReferenceTranscript.export().rendered(as: .html).contains(".fork"))
    }
}
