import Foundation

/// Puts text on the clipboard of the terminal the user sits at, through OSC 52
/// (`ESC ] 52 ; c ; BASE64 BEL`): it travels with the output, so it works over SSH and
/// inside tmux, which with `set -g set-clipboard on` takes the sequence itself, fills its
/// paste buffer and passes it on to the outer terminal (no passthrough wrapping needed).
/// Terminals that do not support it (or have it switched off) ignore it silently.
enum Clipboard {
    /// The most a copy may hold, in bytes of UTF-8: 74 994 bytes are 100 000 characters of
    /// base64, the largest sequence hterm and several other terminals accept (kitty and
    /// iTerm2 take more; xterm's default is smaller still).
    static let maximumBytes = 74_994

    /// The OSC 52 sequence that sets the clipboard (`c`) to `text`.
    static func osc52(_ text: String) throws(ClipboardError) -> String {
        let bytes = Data(text.utf8)
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        return "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
    }
}

/// Why text could not be put on the clipboard.
enum ClipboardError: Error, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int)

    var description: String {
        switch self {
        case .tooLarge(let bytes):
            "the message is \(bytes) bytes and the terminal clipboard takes at most \(Clipboard.maximumBytes); "
                + "use /copy --print to write it out"
        }
    }
}
