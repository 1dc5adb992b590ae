/// Reads an image's format and pixel size from the first bytes of a file.
///
/// Pure and total: any bytes at all give either a size or nil, never a trap, a hang or a
/// read past the end (file headers are untrusted input; `ImageHeaderTests` fuzzes it). Only
/// the header is read, never the pixels: a file whose header is valid but whose body is
/// damaged still has a size.
public struct ImageHeader: Hashable, Sendable {
    package var format: ImageFormat
    public var pixelSize: PixelSize

    /// The largest width or height accepted; beyond it a header is taken as damaged.
    public static let maximumSide = 1 << 24

    /// The image described by `bytes`' header, or nil when they do not start a PNG, JPEG, GIF
    /// or WebP image with a plausible size (1 to `maximumSide` pixels on each side).
    public static func parse(_ bytes: [UInt8]) -> ImageHeader? {
        let reader = ByteReader(bytes)
        let parsed: (ImageFormat, Int, Int)?
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            parsed = png(reader)
        } else if reader.starts(with: [0xFF, 0xD8, 0xFF]) {
            parsed = jpeg(reader)
        } else if reader.starts(with: Array("GIF87a".utf8)) || reader.starts(with: Array("GIF89a".utf8)) {
            parsed = gif(reader)
        } else if reader.starts(with: Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8) {
            parsed = webp(reader)
        } else {
            parsed = nil
        }
        guard let (format, width, height) = parsed,
            (1...maximumSide).contains(width), (1...maximumSide).contains(height)
        else { return nil }
        return ImageHeader(format: format, pixelSize: PixelSize(width: width, height: height))
    }

    /// PNG: the first chunk must be IHDR, holding the width and height big-endian.
    private static func png(_ reader: ByteReader) -> (ImageFormat, Int, Int)? {
        guard reader.matches(Array("IHDR".utf8), at: 12),
            let width = reader.uint32BE(at: 16), let height = reader.uint32BE(at: 20)
        else { return nil }
        return (.png, width, height)
    }

    /// GIF: the logical screen's width and height, little-endian, right after the signature.
    private static func gif(_ reader: ByteReader) -> (ImageFormat, Int, Int)? {
        guard let width = reader.uint16LE(at: 6), let height = reader.uint16LE(at: 8) else { return nil }
        return (.gif, width, height)
    }

    /// JPEG: walks the marker segments to the first start-of-frame (SOF0–SOF15 but DHT,
    /// JPG and DAC), which holds the height and width big-endian. Each step moves forward by
    /// at least two bytes, so the walk ends.
    private static func jpeg(_ reader: ByteReader) -> (ImageFormat, Int, Int)? {
        var offset = 2
        while let marker = reader.byte(at: offset) {
            guard marker == 0xFF, let kind = reader.byte(at: offset + 1) else { return nil }
            switch kind {
            case 0xFF:
                offset += 1 // fill byte
                continue
            case 0xD8, 0x01, 0xD0...0xD7:
                offset += 2 // markers without a length
                continue
            case 0xD9, 0xDA:
                return nil // end of image or start of scan before any frame header
            default:
                break
            }
            guard let length = reader.uint16BE(at: offset + 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(kind) && ![0xC4, 0xC8, 0xCC].contains(kind) {
                guard let height = reader.uint16BE(at: offset + 5), let width = reader.uint16BE(at: offset + 7) else {
                    return nil
                }
                return (.jpeg, width, height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// WebP: the first chunk says which of the three encodings follows (lossy `VP8 `,
    /// lossless `VP8L`, extended `VP8X`), each with its own size fields.
    private static func webp(_ reader: ByteReader) -> (ImageFormat, Int, Int)? {
        if reader.matches(Array("VP8 ".utf8), at: 12) {
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard reader.matches([0x9D, 0x01, 0x2A], at: 23),
                let width = reader.uint16LE(at: 26), let height = reader.uint16LE(at: 28)
            else { return nil }
            return (.webp, width & 0x3FFF, height & 0x3FFF)
        }
        if reader.matches(Array("VP8L".utf8), at: 12) {
            // Signature 0x2F, then 14 bits of width - 1 and 14 bits of height - 1.
            guard reader.byte(at: 20) == 0x2F, let bits = reader.uint32LE(at: 21) else { return nil }
            return (.webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if reader.matches(Array("VP8X".utf8), at: 12) {
            // Flags (4 bytes), then 24-bit canvas width - 1 and height - 1.
            guard let width = reader.uint24LE(at: 24), let height = reader.uint24LE(at: 27) else { return nil }
            return (.webp, width + 1, height + 1)
        }
        return nil
    }
}

/// Bounds-checked reads of fixed-size integers from a byte array: every read past the end
/// is nil instead of a trap.
private struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - expected.count else { return false }
        return bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    /// `count` bytes at `offset` as an unsigned integer, big- or little-endian.
    private func integer(at offset: Int, count: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, offset <= bytes.count - count else { return nil }
        var value = 0
        for index in 0..<count {
            let byte = Int(bytes[bigEndian ? offset + index : offset + count - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    func uint16BE(at offset: Int) -> Int? { integer(at: offset, count: 2, bigEndian: true) }
    func uint32BE(at offset: Int) -> Int? { integer(at: offset, count: 4, bigEndian: true) }
    func uint16LE(at offset: Int) -> Int? { integer(at: offset, count: 2, bigEndian: false) }
    func uint24LE(at offset: Int) -> Int? { integer(at: offset, count: 3, bigEndian: false) }
    func uint32LE(at offset: Int) -> Int? { integer(at: offset, count: 4, bigEndian: false) }
}
