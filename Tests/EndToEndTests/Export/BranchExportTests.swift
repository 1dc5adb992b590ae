import BanterTestSupport
import Foundation
import Testing

/// Exports of a conversation with branches (issue 26): JSON Lines keeps every branch, each
/// message with its parent, and an import of it rebuilds the same tree; Markdown shows the
/// current branch only, HTML every branch with a switcher at each branch point. A parent
/// that is not an earlier message of the file is refused.
@Suite struct BranchExportTests {
    /// Three messages of mine, a fork at the second with one message on it, and one at the
    /// first with one message.
    static let forks = "one\ntwo\nthree\n/fork -2\ntwo and a half\n/branch half\n/switch 1\n/fork -3\nfresh start\n"
    /// A fork at the newest message, then the first branch goes on from the same message.
    static let forkAtTheTip = "one\ntwo\n/fork\nforked\n/switch 1\nthree\n"

    /// A database with the conversation "talk", typed as `input`.
    private func branched(_ input: String = forks) throws -> (ChatFixture, String) {
        let fixture = try ChatFixture()
        let db = fixture.path("chat.sqlite")
        let chat = try fixture.chat(["--db", db, "--conversation", "talk"] + ChatFixture.reproducible, input: input)
        #expect(chat.status == 0, "\(chat.standardError)")
        return (fixture, db)
    }

    private func run(_ arguments: [String]) throws -> String {
        let result = try BanterBinary.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func jsonKeepsTheTreeAndAnImportRebuildsIt() throws {
        let (fixture, db) = try branched()
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains("\"text\":") }.count == 5, "every branch's messages: \(lines)")
        #expect(lines.contains { $0.contains("\"parent\":2") && $0.contains("two and a half") })
        #expect(lines.contains { $0.contains("\"parent\":1") && $0.contains("fresh start") })

        try expectSameTreeAfterImport(file, db: db, fixture: fixture, count: 5)
    }

    @Test func aForkAtTheNewestMessageComesBackWithItsTree() throws {
        let (fixture, db) = try branched(Self.forkAtTheTip)
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        #expect(
            parents(in: try String(contentsOfFile: file, encoding: .utf8)) == [
                "one ← -", "two ← one", "forked ← two", "three ← two",
            ])
        try expectSameTreeAfterImport(file, db: db, fixture: fixture, count: 4)
    }

    @Test func labelsAnEmptyBranchAndTheCurrentBranchComeBack() throws {
        let (fixture, db) = try branched(
            Self.forks + "/switch 1\n/branch main\n/fork\n/branch empty\n/switch half\n")
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let header = try String(contentsOfFile: file, encoding: .utf8).prefix { $0 != "\n" }
        #expect(
            header.hasPrefix(#"{"branches":[{"name":"main"},{"current":true,"first_id":4,"fork_id":2,"name":"half"},"#))
        #expect(header.contains(#"{"fork_id":3,"name":"empty"}]"#), "the empty branch, by its fork: \(header)")
        try expectSameTreeAfterImport(file, db: db, fixture: fixture, count: 5)
        #expect(
            try self.tree(of: "copy", db: db, fixture: fixture) == [
                "1 \"main\", 3 messages", "├─ 2 \"half\" from # “two”, 1 message  ← current",
                "├─ 3 from # “one”, 1 message", "└─ 4 \"empty\" from # “three”, 0 messages",
            ])
    }

    @Test func anEmptyBranchMadeBeforeAnotherKeepsItsNumber() throws {
        let (fixture, db) = try branched("one\ntwo\nthree\n/fork\n/branch later\n/switch 1\n/fork -2\nagain\n")
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        try expectSameTreeAfterImport(file, db: db, fixture: fixture, count: 4)
        #expect(
            try self.tree(of: "copy", db: db, fixture: fixture) == [
                "1, 3 messages", "├─ 2 \"later\" from # “three”, 0 messages",
                "└─ 3 from # “two”, 1 message  ← current",
            ])
    }

    /// Branch 2 forked at "three", branch 3 at "two", and branch 3 written on first, so its
    /// first message comes before branch 2's in the file: numbers still come back.
    @Test func branchesWhoseFirstMessagesComeInAnotherOrderKeepTheirNumbers() throws {
        let (fixture, db) = try branched("one\ntwo\nthree\n/fork\n/switch 1\n/fork -2\nearly\n/switch 2\nlate\n")
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let texts = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"text\":\"early\"") || $0.contains("\"text\":\"late\"") }
        #expect(texts.count == 2 && texts[0].contains("early"), "branch 3's first message comes first: \(texts)")
        try expectSameTreeAfterImport(file, db: db, fixture: fixture, count: 5)
        #expect(
            try self.tree(of: "copy", db: db, fixture: fixture) == [
                "1, 3 messages", "├─ 2 from # “three”, 1 message  ← current", "└─ 3 from # “two”, 1 message",
            ])
    }

    @Test func aLabelOnAMessageNotInTheFileIsRefusedAndNothingIsImported() throws {
        let (fixture, db) = try branched(Self.forks + "/switch half\n")
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: #""first_id":4"#, with: #""first_id":40"#)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try BanterBinary.run(["import", file, "--db", db, "--conversation", "copy"])
        #expect(imported.status != 0)
        #expect(
            imported.standardError.contains(
                "line 1 (byte 0): invalid value at $.branches[1].first_id: message 40 is not in the file"),
            "\(imported.standardError)")
        #expect(imported.standardError.split(separator: "\n").count == 1, "\(imported.standardError)")
        let chats = try BanterBinary.run(["export", "--db", db, "--conversation", "copy", "--format", "json"])
        #expect(chats.status != 0, "no conversation \"copy\" was made")
    }

    /// `/tree` of `conversation`, one line per branch, with message ids (which an import
    /// renumbers) left out.
    private func tree(of conversation: String, db: String, fixture: ChatFixture) throws -> [String] {
        let chat = try fixture.chat(
            ["--db", db, "--conversation", conversation] + ChatFixture.reproducible, input: "/tree\n")
        #expect(chat.status == 0, "\(chat.standardError)")
        return chat.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.range(of: #", \d+ messages?"#, options: .regularExpression) != nil }
            .map { $0.replacingOccurrences(of: #"#\d+"#, with: "#", options: .regularExpression) }
    }

    /// Imports `file` as "copy", exports it again and expects the same parents and the
    /// same `/tree`: branch numbers, labels, counts and the current branch.
    private func expectSameTreeAfterImport(_ file: String, db: String, fixture: ChatFixture, count: Int) throws {
        #expect(
            try run(["import", file, "--db", db, "--conversation", "copy"])
                == "Imported \(count) messages into \"copy\".\n")
        let copy = fixture.path("copy.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "copy", "--format", "json", "-o", copy])
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let again = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(parents(in: again) == parents(in: original), "the same tree, parent for parent")
        let tree = try self.tree(of: "copy", db: db, fixture: fixture)
        let originalTree = try self.tree(of: "talk", db: db, fixture: fixture)
        #expect(!tree.isEmpty && tree == originalTree, "the same /tree")
    }

    @Test func markdownShowsTheCurrentBranch() throws {
        let (fixture, db) = try branched()
        defer { withExtendedLifetime(fixture) {} }
        let markdown = try run(["export", "--db", db, "--conversation", "talk", "--format", "markdown"])
        #expect(markdown.contains("fresh start") && markdown.contains("one"))
        #expect(!markdown.contains("two") && !markdown.contains("three"))
        let unescaped = markdown.replacingOccurrences(of: "\\", with: "")
        #expect(unescaped.contains("_⑂ 2 of 2 versions here: branch 1, branch 3 (this one)_"), "\(markdown)")
    }

    @Test func markdownNotesEachBranchPointWithItsLabels() throws {
        let (fixture, db) = try branched(Self.forks + "/switch half\n")
        defer { withExtendedLifetime(fixture) {} }
        let markdown = try run(["export", "--db", db, "--conversation", "talk", "--format", "markdown"])
        let lines = markdown.split(separator: "\n").map(String.init)
        let notes = lines.indices.filter { lines[$0].contains("versions here") }
        #expect(notes.count == 2, "two branch points on this branch: \(markdown)")
        let plain = lines.map { $0.replacingOccurrences(of: "\\", with: "") }
        if let first = notes.first, let last = notes.last, first > 0 {
            #expect(
                plain[first - 1].hasSuffix("two")
                    && plain[first].contains("1 of 2 versions here: branch 1 (this one), branch 3"))
            #expect(plain[last - 2].contains("two and a half"), "the note is under the sibling and its status")
            #expect(plain[last].contains("2 of 2 versions here: branch 1, branch 2 \"half\" (this one)"))
        }
    }

    /// HTML draws every branch on one page, the current one shown: a switcher at each branch
    /// point (radio buttons and labels, no script), the shared messages once, the labels
    /// escaped, and the page well formed.
    @Test func htmlDrawsEveryBranchWithASwitcherAtEachBranchPoint() throws {
        let (fixture, db) = try branched(Self.forks + "/switch half\n")
        defer { withExtendedLifetime(fixture) {} }
        let html = try run(["export", "--db", db, "--conversation", "talk", "--format", "html"])
        #expect(HTMLStructure.problems(in: html) == [])
        for text in ["one", "two", "three", "two and a half", "fresh start"] {
            #expect(html.components(separatedBy: "dir=\"auto\">\(text)</div>").count == 2, "\(text) drawn once")
        }
        #expect(!html.contains("<script") && !html.contains("<details"))
        // "one" is followed by "two" (branches 1 and 2) or "fresh start" (branch 3); "two" by
        // "three" (branch 1) or "two and a half" (branch 2, current).
        let checked = html.split(separator: "\n").filter { $0.hasPrefix("<input") && $0.contains(" checked") }
        #expect(checked.count == 2 && checked[0].contains("id=\"fork1-1\"") && checked[1].contains("id=\"fork2-2\""))
        #expect(
            html.contains(
                "<label for=\"fork2-1\" title=\"previous version\">‹</label><span class=\"count\">2/2</span>"
                    + "<span class=\"off\">›</span><span class=\"switch-branch\" dir=\"auto\">branch 2 &quot;half&quot;</span>"
            ))
        #expect(
            html.contains(
                "<span class=\"count\">2/2</span><span class=\"off\">›</span><span class=\"switch-branch\" dir=\"auto\">branch 3</span>"
            ))
    }

    @Test func aParentOutsideTheFileIsRefusedAndNothingIsImported() throws {
        let (fixture, db) = try branched()
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let text = try withoutBranchList(String(contentsOfFile: file, encoding: .utf8)).replacingOccurrences(
            of: "\"parent\":2", with: "\"parent\":77")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try BanterBinary.run(["import", file, "--db", db, "--conversation", "copy"])
        #expect(imported.status != 0)
        #expect(imported.standardError.contains("parent 77 is not an earlier message of the file"))
        let chats = try BanterBinary.run(["export", "--db", db, "--conversation", "copy", "--format", "json"])
        #expect(chats.status != 0, "no conversation \"copy\" was made")
    }

    /// `banter render` draws `< 2/2 >` under a message with siblings, as the chat does, in
    /// its screenful, `--limit` and `--all` forms.
    @Test func renderDrawsWhereAMessageStandsAmongItsSiblings() throws {
        let (fixture, db) = try branched()
        defer { withExtendedLifetime(fixture) {} }
        for extra in [[], ["--limit", "5"], ["--all"]] {
            let output = try run(
                ["render", "--db", db, "--conversation", "talk", "--width", "40", "--border", "ascii"] + extra)
            let lines = output.split(separator: "\n")
            guard let fresh = lines.firstIndex(where: { $0.contains("fresh start") }) else {
                Issue.record("\(extra): no \"fresh start\" in \(output)")
                continue
            }
            #expect(lines[(fresh + 1)...].contains { $0.contains("< 2/2 >") }, "\(extra): \(output)")
            #expect(!output.contains("three"), "\(extra): the current branch only: \(output)")
        }
    }

    /// Parents that form cycles (“two and a half” and “fresh start” under each other,
    /// “two” under “two and a half”): the first message naming one the file has not
    /// reached is refused in one line, and nothing is imported.
    @Test func parentsFormingACycleAreRefusedAndNothingIsImported() throws {
        let (fixture, db) = try branched()
        let file = fixture.path("talk.jsonl")
        _ = try run(["export", "--db", db, "--conversation", "talk", "--format", "json", "-o", file])
        let exported = try withoutBranchList(String(contentsOfFile: file, encoding: .utf8))
        #expect(exported.contains("\"parent\":2") && exported.contains("\"parent\":1"))
        let cycle = exported.replacingOccurrences(of: "\"parent\":2", with: "\"parent\":5")
            .replacingOccurrences(of: "\"parent\":1", with: "\"parent\":4")
        try cycle.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try BanterBinary.run(["import", file, "--db", db, "--conversation", "copy"])
        #expect(imported.status != 0)
        let lines = imported.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(imported.standardError)")
        #expect(
            imported.standardError.contains(
                "Message 2's parent 4 is not an earlier message of the file: a parent must come before its children. Nothing was imported."
            ))
        let chats = try BanterBinary.run(["export", "--db", db, "--conversation", "copy", "--format", "json"])
        #expect(chats.status != 0, "no conversation \"copy\" was made")
    }

    /// `jsonl` without its header's list of branches, as a file written before the list
    /// (the parents alone make the tree), so that edited parents meet the import's checks
    /// of parents rather than the list's.
    private func withoutBranchList(_ jsonl: String) -> String {
        jsonl.replacingOccurrences(of: #""branches":\[[^\]]*\],"#, with: "", options: .regularExpression)
    }

    /// Each message's text with its parent's text (nil: the straight line), in file order.
    private func parents(in jsonl: String) -> [String] {
        var texts: [Int: String] = [:]
        var pairs: [String] = []
        for line in jsonl.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = object["id"] as? Int, let text = object["text"] as? String
            else { continue }
            texts[id] = text
            pairs.append("\(text) ← \((object["parent"] as? Int).flatMap { texts[$0] } ?? "-")")
        }
        return pairs
    }
}
