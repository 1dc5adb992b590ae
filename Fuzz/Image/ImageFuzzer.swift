import BanterCore

/// libFuzzer target for the image header reader (`ImageHeader.parse`): arbitrary bytes,
/// as a file named `.png` could hold. Besides never crashing or reading past the end, a
/// size it reports must be plausible, and `Attachment.describing` must call a file an image
/// exactly when the reader found one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let header = ImageHeader.parse(bytes)
    if let header {
        precondition(
            (1...ImageHeader.maximumSide).contains(header.pixelSize.width),
            "implausible width \(header.pixelSize.width)")
        precondition(
            (1...ImageHeader.maximumSide).contains(header.pixelSize.height),
            "implausible height \(header.pixelSize.height)")
    }
    let described = Attachment.describing(fileName: "fuzz.png", header: bytes, byteCount: bytes.count)
    precondition(described.isImage == (header != nil), "isImage disagrees with the header reader")
    precondition(
        described.isImage || described.mediaType == MediaType.unknown,
        "a non-image named .png got \(described.mediaType)")
    return 0
}
