import BanterCore
import Testing

@testable import BanterTerminal

/// Where a click lands among the chips of the newest bubble, and mouse reports on only
/// while chips are on the screen.
@Suite struct ChipMouseTests {
    @Test func findsChipsUnderTheBubbleAndInsideACard() {
        var mouse = ChipMouse()
        let lines = [
            " ╭──────────────────────╮",
            " │ [1 Order]  \(Hyperlink.open("https://x.example"))[Menu ↗]\(Hyperlink.close) │",
            " ╰──────────────────────╯",
            "  \u{1B}[1m[2 Yes]\u{1B}[0m  [3 No]  (4 Later)",
        ]
        mouse.place(lines, lastRow: 20, numbers: [1, 2, 3, 4], model: .modern)
        #expect(mouse.chip(atColumn: 4, row: 18) == 1)
        #expect(mouse.chip(atColumn: 12, row: 18) == 1)
        #expect(mouse.chip(atColumn: 15, row: 18) == nil, "the link is the terminal's to open")
        #expect(mouse.chip(atColumn: 3, row: 20) == 2)
        #expect(mouse.chip(atColumn: 12, row: 20) == 3)
        #expect(mouse.chip(atColumn: 21, row: 20) == 4)
        #expect(mouse.chip(atColumn: 18, row: 20) == nil)
        #expect(mouse.chip(atColumn: 2, row: 20) == nil)
        #expect(mouse.update() == ChipMouse.enable)
        #expect(mouse.update() == "", "sent once")
        mouse.clear()
        #expect(mouse.update() == ChipMouse.disable)
    }

    @Test func onlyOfferedNumbersAndRowsOnTheScreenCount() {
        var mouse = ChipMouse()
        mouse.place(["  [1 Yes]  [2 No]", "  [3 Later]"], lastRow: 1, numbers: [1, 2], model: .modern)
        #expect(mouse.areas.isEmpty, "the first row is above the screen; 3 is not offered")
        #expect(mouse.update() == "")
    }

    @Test func readsPressesOnly() {
        #expect(ChipMouse.press("0;12;5M")! == (12, 5))
        #expect(ChipMouse.press("0;12;5m") == nil)
        #expect(ChipMouse.press("64;1;1M") == nil)
        #expect(ChipMouse.press("x") == nil)
    }
}
