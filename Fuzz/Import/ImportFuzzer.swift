import BanterExport
import Foundation

/// libFuzzer target for `banter import`'s reading of a JSON transcript: arbitrary bytes must
/// give a transcript or an `ImportError` with a readable description, never a crash, a trap
/// or a hang. Seeds are transcripts written by `banter export --format json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let transcript = try TranscriptDocument.decode(from: bytes)
        if transcript.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fatalError("imported a transcript with an empty title")
        }
    } catch {
        if error.description.isEmpty { fatalError("an import error without a description: \(error)") }
    }
    return 0
}
