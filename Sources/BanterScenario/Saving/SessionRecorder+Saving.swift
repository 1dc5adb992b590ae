import BanterChat
import BanterCore
import BanterScript
import BanterStore
import Foundation

extension SessionRecorder {
    /// What saving a recording wrote.
    package struct SaveSummary: Equatable, Sendable {
        /// The messages the scenario replays (the user's lines, the other side's, replies).
        package var messageCount: Int
        /// The files the user sent that the scenario needs, relative to its folder
        /// ("x.files/photo.png"); empty when they were all inside the folder already.
        package var filesWritten: [String]
        /// The branches written (1 when the chat never forked while recording).
        package var branchCount = 1
    }

    /// Writes what was recorded as a scenario at `file` (replacing it) that `banter test`
    /// replays, with the files the user sent in `session` placed beside it (`SavedFiles`):
    /// the whole of `/save`, so a display needs neither the store nor the scenario writer.
    ///
    /// - Throws: when the folder does not exist (it is not created) or a file cannot be
    ///   read or written.
    /// A chat that forked while recording is written with a `branch` per branch explored
    /// (see `SessionRecorder+Branches`).
    package func save(to file: URL, session: ChatSession) throws -> SaveSummary {
        let store = session.store
        let labels = Dictionary((try? session.branches())?.map { ($0.number, $0.name) } ?? []) { first, _ in first }
        var branches: [ScenarioWriter.RecordedBranch] = []
        var filesWritten: [String] = []
        var count = 0
        for (number, steps) in recordedBranches.sorted(by: { $0.key < $1.key }) {
            var branch = recording
            branch.steps = steps
            for written in try SavedFiles.place(
                in: &branch, scenarioPath: file.path,
                contents: { id in
                    try store.attachmentContents(messageID: id)
                }) where !filesWritten.contains(written)
            {
                filesWritten.append(written)
            }
            count = max(count, Self.messageCount(branch.steps))
            branches.append(.init(name: (labels[number] ?? nil) ?? "branch \(number)", session: branch))
        }
        let source =
            branches.count == 1
            ? ScenarioWriter.source(for: branches[0].session, savedAt: file.path)
            : ScenarioWriter.source(forBranches: branches, savedAt: file.path)
        try FileDestination(file.path).write(Data(source.utf8))
        return SaveSummary(messageCount: count, filesWritten: filesWritten, branchCount: branches.count)
    }

    /// The messages a scenario replays (the user's lines, the other side's, replies).
    private static func messageCount(_ steps: [RecordedSession.Step]) -> Int {
        steps.count { step in
            switch step.kind {
            case .me, .them, .reply: true
            default: false
            }
        }
    }
}
