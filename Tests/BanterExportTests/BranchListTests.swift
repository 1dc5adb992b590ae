import BanterCore
import Foundation
import Testing

@testable import BanterExport

/// The header's `branches` list (issue 26): an export writes every branch with its label
/// and the current one, an import reads it back, and a list that names a message the file
/// lacks, a label twice or two current branches is one error naming the line, with
/// nothing imported. The store's side (the same `/tree` after an import) is in
/// EndToEndTests' `BranchExportTests`.
@Suite("Branch labels and the current branch in JSON Lines")
struct BranchListTests {
    /// Messages 1, 2, 3 on the first branch; 4 forked at 2; 5 forked at 1.
    private static let messages = [
        #"{"id":1,"sender":"me","sent_at":"2026-11-20T19:00:00.000Z","text":"one"}"#,
        #"{"id":2,"parent":1,"sender":"me","sent_at":"2026-11-20T19:00:01.000Z","text":"two"}"#,
        #"{"id":3,"parent":2,"sender":"me","sent_at":"2026-11-20T19:00:02.000Z","text":"three"}"#,
        #"{"id":4,"parent":2,"sender":"me","sent_at":"2026-11-20T19:00:03.000Z","text":"two and a half"}"#,
        #"{"id":5,"parent":1,"sender":"me","sent_at":"2026-11-20T19:00:04.000Z","text":"fresh start"}"#,
    ]

    /// The branches of `messages`: the first labelled "main", the second "half" and
    /// current, the third unlabelled, and a fourth forked at 3 with no message yet.
    private static let branches =
        #"[{"name":"main"},{"current":true,"first_id":4,"fork_id":2,"name":"half"},{"first_id":5,"fork_id":1},"#
        + #"{"fork_id":3,"name":"empty"}]"#

    private static func header(branches: String) -> String {
        #"{"branches":"# + branches
            + #","conversation":{"rules":{"cluster_gap":"20s","header_pattern":"{time}","section_gap":"1h"},"#
            + #""title":"talk"},"format":"banter-transcript","participant":{"name":"Sam"},"version":2}"#
    }

    private static func file(branches: String = branches, messages: [String] = messages) -> Data {
        let lines = [header(branches: branches)] + messages + [#"{"end":true,"message_count":\#(messages.count)}"#]
        return Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    private func error(_ data: Data) -> ImportError? {
        do {
            _ = try TranscriptReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("the list is read back: labels, forks, first messages and the current branch, in branch order")
    func readsTheList() throws {
        let imported = try TranscriptReader.read(Self.file())
        #expect(
            imported.branches == [
                TranscriptBranch(name: "main", forkID: nil, firstID: nil, current: false),
                TranscriptBranch(name: "half", forkID: 2, firstID: 4, current: true),
                TranscriptBranch(name: nil, forkID: 1, firstID: 5, current: false),
                TranscriptBranch(name: "empty", forkID: 3, firstID: nil, current: false),
            ])
    }

    @Test("the writer lists the branches in the header, keys sorted; a straight conversation has no list")
    func writesTheList() throws {
        let branches = [
            TranscriptBranch(name: "main", forkID: nil, firstID: nil, current: false),
            TranscriptBranch(name: "half", forkID: 2, firstID: 4, current: true),
            TranscriptBranch(name: nil, forkID: 1, firstID: 5, current: false),
            TranscriptBranch(name: "empty", forkID: 3, firstID: nil, current: false),
        ]
        let transcript = ReferenceTranscript.export()
        func header(_ branches: [TranscriptBranch]) -> String {
            var writer = TranscriptWriter(
                format: .json, conversation: transcript.conversation, participant: transcript.participant,
                headerFormatter: transcript.headerFormatter, now: transcript.now, statusMessageID: nil,
                branches: branches)
            var output = ""
            writer.finish(into: &output)
            return String(output.prefix { $0 != "\n" })
        }
        #expect(header(branches).hasPrefix(#"{"branches":"# + Self.branches + #","conversation":"#))
        #expect(!header([TranscriptBranch(name: nil, forkID: nil, firstID: nil, current: true)]).contains("branches"))
        #expect(header([TranscriptBranch(name: "main", forkID: nil, firstID: nil, current: true)]).contains("main"))
    }

    @Test("a file without the list (an older export) imports with none")
    func olderFiles() throws {
        let lines =
            [Self.header(branches: "[]").replacingOccurrences(of: #""branches":[],"#, with: "")]
            + Self.messages + [#"{"end":true,"message_count":5}"#]
        let imported = try TranscriptReader.read(Data(lines.map { $0 + "\n" }.joined().utf8))
        #expect(imported.branches.isEmpty && imported.messages.count == 5)
    }

    @Test("a branch whose first message or fork the file lacks names the header's line and entry")
    func missingMessages() {
        #expect(
            error(Self.file(branches: Self.branches.replacingOccurrences(of: #""first_id":5"#, with: #""first_id":9"#)))
                == .onLine(
                    1, byteOffset: 0,
                    .invalidValue(
                        path: "$.branches[2].first_id",
                        reason: "message 9 is not in the file: a branch is found by its messages' ids in the file")))
        #expect(
            error(Self.file(branches: Self.branches.replacingOccurrences(of: #""fork_id":3"#, with: #""fork_id":8"#)))
                == .onLine(
                    1, byteOffset: 0,
                    .invalidValue(
                        path: "$.branches[3].fork_id",
                        reason: "message 8 is not in the file: a branch is found by its messages' ids in the file")))
    }

    @Test("a current branch the file does not have is refused the same way")
    func missingCurrentBranch() {
        let branches = #"[{},{"current":true,"first_id":7,"fork_id":2}]"#
        #expect(
            error(Self.file(branches: branches))
                == .onLine(
                    1, byteOffset: 0,
                    .invalidValue(
                        path: "$.branches[1].first_id",
                        reason: "message 7 is not in the file: a branch is found by its messages' ids in the file")))
    }

    @Test("a first message whose parent is not the branch's fork names its own line")
    func firstMessageElsewhere() {
        let branches = #"[{},{"first_id":4,"fork_id":1}]"#
        let file = Self.file(branches: branches)
        let offset = String(decoding: file, as: UTF8.self).split(separator: "\n").prefix(4).map { $0.utf8.count + 1 }
            .reduce(0, +)
        #expect(
            error(file)
                == .onLine(
                    5, byteOffset: offset,
                    .invalidValue(
                        path: "$.parent",
                        reason:
                            "message 4 starts branch 2 of the header, forked at message 1, but its parent is 2: fix one of them"
                    )))
    }

    @Test("a label used twice, two current branches, a bad label or a misplaced fork are header errors")
    func headerErrors() {
        func headerError(_ branches: String) -> ImportError? {
            guard case .onLine(1, byteOffset: 0, let inner)? = error(Self.file(branches: branches)) else { return nil }
            return inner
        }
        #expect(
            headerError(#"[{"name":"x"},{"first_id":4,"fork_id":2,"name":"x"}]"#)
                == .invalidValue(
                    path: "$.branches[1].name", reason: "branch 1 is labelled \"x\" too: a label names one branch"))
        #expect(
            headerError(#"[{"current":true},{"current":true,"first_id":4,"fork_id":2}]"#)
                == .invalidValue(path: "$.branches[1].current", reason: "branch 1 is current already: only one can be"))
        #expect(
            headerError(#"[{},{"first_id":4,"fork_id":2,"name":"12"}]"#)
                == .invalidValue(
                    path: "$.branches[1].name",
                    reason: "not a branch label: a number is a branch's number (/switch N), so a name needs a letter"))
        #expect(headerError(#"[{},{"first_id":4}]"#) == .missingField(path: "$.branches[1].fork_id"))
        #expect(
            headerError(#"[{"fork_id":2}]"#)
                == .invalidValue(
                    path: "$.branches[0].fork_id",
                    reason: "the first entry is the first branch, which continues from no message: remove it"))
        #expect(
            headerError(#"[{},{"first_id":4,"fork_id":2},{"first_id":4,"fork_id":2}]"#)
                == .invalidValue(path: "$.branches[2].first_id", reason: "message 4 starts branch 2 already"))
    }
}
