import BanterExport
import Foundation

/// libFuzzer target for `banter import`'s reading of a transcript file: arbitrary bytes must
/// give a transcript or an `ImportError` with a readable description, never a crash, a trap
/// or a hang; and since the reader takes the file as it arrives, reading it in chunks (of a
/// size taken from the input's last byte) must give exactly what reading it whole gives.
/// Seeds are transcripts written by `banter export --format json`, both versions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let whole = items { (reader: inout TranscriptReader) throws(ImportError) in try reader.read(bytes) }
    let chunkSize = 1 + Int(bytes.last ?? 0) % 97
    let chunked = items { (reader: inout TranscriptReader) throws(ImportError) in
        var items: [TranscriptReader.Item] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + chunkSize, bytes.endIndex)
            items += try reader.read(bytes[start..<end])
            start = end
        }
        return items
    }
    if whole != chunked { fatalError("read whole: \(whole)\nread in chunks of \(chunkSize): \(chunked)") }
    do {
        let transcript = try TranscriptReader.read(bytes)
        if transcript.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fatalError("imported a transcript with an empty title")
        }
    } catch {
        if error.description.isEmpty { fatalError("an import error without a description: \(error)") }
    }
    return 0
}

/// The items a fresh reader gives for what `feed` hands it, then `finish()`; or the error.
func items(_ feed: (inout TranscriptReader) throws(ImportError) -> [TranscriptReader.Item])
    -> Result<[TranscriptReader.Item], ImportError>
{
    var reader = TranscriptReader()
    do {
        let read = try feed(&reader)
        return .success(read + (try reader.finish()))
    } catch {
        return .failure(error)
    }
}
