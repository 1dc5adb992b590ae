import Testing

@testable import BanterModels

/// The event-stream reader: events split anywhere, CR LF and CR line ends, comments, and
/// data over several lines.
struct ServerSentEventsTests {
    @Test func eventsSplitAcrossChunksAndLineEndsAreRead() {
        var events = ServerSentEvents()
        let stream = ": keep-alive\r\n\r\ndata: one\r\n\r\nevent: x\ndata: two\ndata:  three\n\nid: 4\rdata:[DONE]\r\r"
        var seen: [String] = []
        for chunk in stride(from: 0, to: stream.utf8.count, by: 3) {
            let bytes = Array(stream.utf8)[chunk..<min(chunk + 3, stream.utf8.count)]
            seen += events.feed(bytes)
        }
        #expect(seen == ["one", "two\n three", "[DONE]"])
    }
}
