/// What a process means to do with the database it opens.
package enum Access: Sendable {
    /// Read and write (chat, import): the file is created, migrated and switched to WAL mode.
    case readWrite
    /// Only read (render, export). An existing database whose schema is current is used
    /// through the one read-only connection that inspected it: nothing is written, and start-up
    /// is quicker. A missing or empty file, or an older schema, is opened as with `readWrite`
    /// (created or migrated), so the reader sees what a writer would.
    case readOnly
}
