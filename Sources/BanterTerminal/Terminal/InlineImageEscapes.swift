import Foundation

/// The escape sequences that draw one picture over a block of cells the text has already
/// laid out (an attachment bubble's blank rows), without moving the cursor: the renderer
/// prints the rows first and then the picture on top, so nothing scrolls or shifts.
enum InlineImageEscapes {
    /// Base64 characters per kitty graphics chunk (the protocol's maximum).
    static let kittyChunk = 4096

    /// The picture `bytes` drawn in `columns` × `rows` cells at the cursor in `format`:
    /// kitty's `ESC _ G a=T,f=100,…;BASE64 ESC \` in 4096-byte chunks (`m=1` on all but the
    /// last), with responses off (`q=2`) and the cursor left in place (`C=1`); iTerm2's
    /// `ESC ] 1337 ; File=inline=1;…:BASE64 BEL`. Empty for `.none`.
    static func image(
        _ bytes: [UInt8], name: String, columns: Int, rows: Int, protocol format: InlineImageProtocol
    ) -> String {
        let payload = Data(bytes).base64EncodedString()
        switch format {
        case .none:
            return ""
        case .kitty:
            var output = ""
            var chunks = payload.utf8.chunked(into: kittyChunk)
            if chunks.isEmpty { chunks = [[]] }
            for (index, chunk) in chunks.enumerated() {
                let more = index < chunks.count - 1 ? 1 : 0
                let keys = index == 0 ? "a=T,f=100,q=2,C=1,c=\(columns),r=\(rows),m=\(more)" : "m=\(more)"
                output += "\u{1B}_G" + keys + ";" + String(decoding: chunk, as: UTF8.self) + "\u{1B}\\"
            }
            return output
        case .iterm2:
            let encodedName = Data(name.utf8).base64EncodedString()
            return "\u{1B}]1337;File=inline=1;name=\(encodedName);size=\(bytes.count);width=\(columns);height=\(rows);"
                + "preserveAspectRatio=1;doNotMoveCursor=1:" + payload + "\u{07}"
        }
    }

    /// `image` placed `up` rows above the cursor's row at 0-based `column`, then the cursor
    /// brought back to where it was (`ESC [ n A`, `ESC [ n G`, … `ESC [ n B`, `ESC [ n G`),
    /// for appending to the last of the rows the picture covers.
    static func placed(_ image: String, up: Int, column: Int, returningTo endColumn: Int) -> String {
        guard !image.isEmpty else { return "" }
        let rise = up > 0 ? "\u{1B}[\(up)A" : ""
        let fall = up > 0 ? "\u{1B}[\(up)B" : ""
        return rise + "\u{1B}[\(column + 1)G" + image + fall + "\u{1B}[\(endColumn + 1)G"
    }

    /// The cells a `pixelWidth` × `pixelHeight` picture takes: its natural size at a
    /// typical 10 × 20 pixel cell, shrunk (never grown) to fit `maxColumns` × `maxRows`
    /// keeping its shape; at least one cell each way.
    static func cells(pixelWidth: Int, pixelHeight: Int, maxColumns: Int, maxRows: Int) -> (
        columns: Int, rows: Int
    ) {
        let width = Double(max(pixelWidth, 1)), height = Double(max(pixelHeight, 1))
        var columns = min(width / 10, Double(max(maxColumns, 1)))
        var rows = columns * 10 * height / width / 20
        if rows > Double(max(maxRows, 1)) {
            rows = Double(max(maxRows, 1))
            columns = rows * 20 * width / height / 10
        }
        return (max(Int(columns.rounded()), 1), max(Int(rows.rounded()), 1))
    }
}

extension String.UTF8View {
    /// The bytes in pieces of at most `size`.
    fileprivate func chunked(into size: Int) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var current: [UInt8] = []
        current.reserveCapacity(size)
        for byte in self {
            current.append(byte)
            if current.count == size {
                chunks.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}
