/// The few cursor and erase sequences the REPL writes itself (the renderer only emits SGR).
enum ANSI {
    /// Back to column 0 and erase from there to the end of the screen.
    static let clearBelow = "\r\u{1B}[J"
    /// Erase the whole screen and put the cursor at the top left. Never `3J`: the user's
    /// scrollback stays.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// Back to column 0 and erase the whole row.
    static let clearLine = "\r\u{1B}[2K"
    /// Hide the cursor (while a frame animation runs) and show it again.
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    /// The carriage return and line feed that end a line while readline has the terminal
    /// in its raw-ish mode.
    static let newline = "\r\n"

    /// Moves the cursor up `rows` rows (nothing for 0).
    static func up(_ rows: Int) -> String {
        rows > 0 ? "\u{1B}[\(rows)A" : ""
    }
}
