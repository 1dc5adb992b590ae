import BanterChat
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
    }

    /// Writes what was recorded as a scenario at `file` (replacing it) that `banter test`
    /// replays, with the files the user sent in `session` placed beside it (`SavedFiles`):
    /// the whole of `/save`, so a display needs neither the store nor the scenario writer.
    ///
    /// - Throws: when the folder does not exist (it is not created) or a file cannot be
    ///   read or written.
    package func save(to file: URL, session: ChatSession) throws -> SaveSummary {
        var recording = recording
        let store = session.store
        let filesWritten = try SavedFiles.place(in: &recording, scenarioPath: file.path) { id in
            try store.attachmentContents(messageID: id)
        }
        let source = ScenarioWriter.source(for: recording, savedAt: file.path)
        try Data(source.utf8).write(to: file, options: .atomic)
        let count = recording.steps.count { step in
            switch step.kind {
            case .me, .them, .reply: true
            default: false
            }
        }
        return SaveSummary(messageCount: count, filesWritten: filesWritten)
    }
}
