import Foundation

/// The terminal's size in character cells.
struct TerminalSize: Hashable {
    var columns: Int
    var rows: Int

    /// The size of the terminal behind `fileDescriptor`, or nil when it is not a terminal
    /// (or reports nothing useful).
    static func of(_ fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Whether `fileDescriptor` is a terminal.
    static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }
}
