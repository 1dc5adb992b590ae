import BanterTestSupport
import Testing

@testable import BanterCore

/// Image sizes read from headers, for each format, and the parser's safety on any bytes.
@Suite("Image headers")
struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A JPEG with an APP0 segment, a comment, then a baseline frame header.
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xFE, 0x00, 0x05, 0x68, 0x69, 0x21]
        + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]

    static let gif: [UInt8] = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0xF7, 0, 0]

    static func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0x20, 0, 0, 0] + payload
    }

    @Test func readsEachFormat() throws {
        #expect(
            ImageHeader.parse(Self.png(width: 640, height: 480))
                == ImageHeader(format: .png, pixelSize: PixelSize(width: 640, height: 480)))
        #expect(
            ImageHeader.parse(Self.jpeg) == ImageHeader(format: .jpeg, pixelSize: PixelSize(width: 640, height: 480)))
        #expect(ImageHeader.parse(Self.gif) == ImageHeader(format: .gif, pixelSize: PixelSize(width: 320, height: 240)))
        // Lossy: frame tag, start code, 14-bit sizes (scale bits above are ignored).
        let lossy = Self.webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x80, 0x42, 0xE0, 0x01])
        #expect(ImageHeader.parse(lossy)?.pixelSize == PixelSize(width: 640, height: 480))
        // Lossless: 0x2F, then width-1 and height-1 in 14 bits each.
        let bits = UInt32(639) | UInt32(479) << 14
        let lossless = Self.webp(
            "VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)])
        #expect(ImageHeader.parse(lossless)?.pixelSize == PixelSize(width: 640, height: 480))
        let extended = Self.webp("VP8X", [0x10, 0, 0, 0, 0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00])
        #expect(
            ImageHeader.parse(extended) == ImageHeader(format: .webp, pixelSize: PixelSize(width: 640, height: 480)))
    }

    @Test func refusesTruncatedAndImplausibleHeaders() {
        #expect(ImageHeader.parse([]) == nil)
        #expect(ImageHeader.parse(Array(Self.png(width: 1, height: 1).prefix(20))) == nil)
        #expect(ImageHeader.parse(Self.png(width: 0, height: 10)) == nil)
        #expect(ImageHeader.parse(Self.png(width: 0xFFFF_FFFF, height: 10)) == nil)
        #expect(ImageHeader.parse(Array(Self.jpeg.prefix(25))) == nil)
        #expect(ImageHeader.parse([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil)
        #expect(ImageHeader.parse(Array("GIF89a".utf8) + [1]) == nil)
        #expect(ImageHeader.parse(Array("RIFF....WEBPVP8Z".utf8)) == nil)
    }

    @Test func aFileNamedLikeAnImageButNotOneIsAPlainFile() {
        let fake = Attachment.describing(fileName: "cat.png", header: Array("not a picture".utf8), byteCount: 13)
        #expect(fake == Attachment(fileName: "cat.png", mediaType: "application/octet-stream", byteCount: 13))
        #expect(!fake.isImage)
        let real = Attachment.describing(fileName: "photo.txt", header: Self.gif, byteCount: 13)
        #expect(real.mediaType == "image/gif" && real.isImage && real.pixelSize == PixelSize(width: 320, height: 240))
        #expect(Attachment.describing(fileName: "notes.PDF", header: [], byteCount: 0).mediaType == "application/pdf")
        #expect(
            Attachment.describing(fileName: "README", header: [], byteCount: 0).mediaType == "application/octet-stream")
        #expect(
            Attachment.describing(fileName: ".png", header: [], byteCount: 0).mediaType == "application/octet-stream")
    }

    /// Random bytes, and valid headers with random bytes changed, cut or appended: the parser
    /// never traps and every size it reports is plausible.
    @Test func anyBytesGiveASizeOrNil() {
        var random = SeededGenerator(seed: 0x1A6E_0013)
        let seeds = [
            Self.png(width: 64, height: 48), Self.jpeg, Self.gif, Self.webp("VP8X", [0, 0, 0, 0, 1, 0, 0, 1, 0, 0]),
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8]
            if Bool.random(using: &random) {
                bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = seeds.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count + 8, using: &random)))
            }
            if let header = ImageHeader.parse(bytes) {
                #expect((1...ImageHeader.maximumSide).contains(header.pixelSize.width))
                #expect((1...ImageHeader.maximumSide).contains(header.pixelSize.height))
            }
        }
    }
}
