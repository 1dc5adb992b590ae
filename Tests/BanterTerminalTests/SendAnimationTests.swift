import Testing

@testable import BanterTerminal

@Suite("Send animation")
struct SendAnimationTests {
    let bubble = ["          ╭────╮ ", "          │ hi │ ", "          ╰────╯╲"]

    @Test func framesRiseAndMoveRightIntoPlace() throws {
        let frames = SendAnimation(frameCount: 5).frames(bubble: bubble, startColumn: 2, rise: 2)
        #expect(frames.count == 5)
        #expect(frames.allSatisfy { $0.lines.count == 5 })
        let first = try #require(frames.first), last = try #require(frames.last)
        #expect(first.lines == ["", "", "  ╭────╮ ", "  │ hi │ ", "  ╰────╯╲"])
        #expect(last.lines == bubble + ["", ""])
        let columns = frames.map { frame in frame.lines.first { !$0.isEmpty }!.prefix { $0 == " " }.count }
        #expect(columns == columns.sorted(), "the bubble only moves right: \(columns)")
        let tops = frames.map { frame in frame.lines.firstIndex { !$0.isEmpty }! }
        #expect(tops == tops.sorted(by: >), "the bubble only moves up: \(tops)")
    }

    @Test func aWideBubbleNeverStartsRightOfItsPlace() {
        let frames = SendAnimation(frameCount: 5).frames(bubble: bubble, startColumn: 16, rise: 2)
        let widest = bubble.map(\.count).max()!
        for frame in frames {
            #expect(
                frame.lines.allSatisfy { $0.count <= widest }, "no row reaches past the bubble's place: \(frame.lines)")
        }
        #expect(frames.first?.lines.suffix(3) == bubble[...])
    }

    @Test func atLeastTwoFrames() {
        #expect(SendAnimation(frameCount: 0).frames(bubble: bubble, startColumn: 0, rise: 0).count == 2)
    }
}
