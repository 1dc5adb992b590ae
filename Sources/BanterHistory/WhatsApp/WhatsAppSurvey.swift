import Foundation

/// The first of the two readings of a WhatsApp export: the evidence for its date order and
/// its senders' names, in the order they first wrote. It holds one entry per sender and a
/// few numbers, whatever the length of the chat.
struct WhatsAppSurvey {
    private var lines = LineSplitter()
    private var evidence = DateOrderEvidence()
    private var seen: Set<String> = []
    /// The senders' names, in the order of their first message.
    private(set) var authors: [String] = []
    /// How many lines start a message.
    var messageLines: Int { evidence.dates }

    init() {}

    /// Reads the next bytes of the text.
    mutating func read(_ chunk: Data) {
        var splitter = lines
        lines = LineSplitter()
        splitter.feed(chunk) { bytes, _ in take(bytes) }
        lines = splitter
    }

    /// Reads the last line, once the text has ended.
    mutating func finish() {
        var splitter = lines
        lines = LineSplitter()
        splitter.finish { bytes, _ in take(bytes) }
    }

    /// The file's date order: `given` when the user gave one, else what every date agrees
    /// on. Throws when the dates fit no order, or two equally well.
    func dateOrder(given: DateOrder?) throws(HistoryError) -> DateOrder {
        if let given { return given }
        switch evidence.resolve() {
        case .success(let order): return order
        case .failure(.ambiguous(let orders)): throw .ambiguousDateOrder(orders)
        case .failure(.noneFits): throw .noDateOrder
        }
    }

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let stamp = WhatsAppStamp.parse(bytes) else { return }
        evidence.add(stamp)
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[stamp.bodyStart...]), as: UTF8.self)
        guard case .person(let name) = WhatsAppLine(body: body[...], bracketed: stamp.bracketed).author,
            !seen.contains(name)
        else { return }
        seen.insert(name)
        authors.append(name)
    }
}
