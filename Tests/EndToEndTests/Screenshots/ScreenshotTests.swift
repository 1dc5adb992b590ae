import BanterTestSupport
import Foundation
import Testing

/// `scripts/screenshots` in real terminals: each picture shows what a person expects of a
/// chat, checked on its pixels: the sent bubbles' pink on the right, the received bubbles'
/// grey on the left, and in the filled style the colours fill solid bubbles; the light
/// theme's pictures are drawn in its colours. Filled bubbles are clean (`FillInspection`) in
/// xterm and st with DejaVu Sans Mono at 9, 11 and 14 pt, in every theme that fills them.
@Suite(.serialized) struct ScreenshotTests {
    static let sentPink: (Int, Int, Int) = (0xD4, 0x2E, 0x5B)
    static let receivedGrey: (Int, Int, Int) = (0xE5, 0xE5, 0xEA)
    /// Each filling theme's sent and received fill.
    static let fills: [(theme: String, sent: (Int, Int, Int), received: (Int, Int, Int))] = [
        ("default", sentPink, receivedGrey),
        ("dark", (0xC6, 0x2E, 0x4A), (0x3A, 0x3A, 0x3C)),
        ("light", (0x00, 0x66, 0xDD), (0xE9, 0xE9, 0xEB)),
    ]

    /// Shoots `arguments` (a style, theme, terminal …) into a fresh folder, kept with
    /// BANTER_KEEP_SCREENSHOTS.
    static func shoot(_ arguments: [String], environment: [String: String?] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "banter-screenshots-\(UUID().uuidString)")
        var environment = environment
        environment["BANTER_BIN"] = BanterBinary.url.path
        let run = try Shell.run(
            [Repository.url("scripts/screenshots").path, "--out", folder.path] + arguments, environment: environment)
        #expect(run.status == 0, "scripts/screenshots failed: \(run.standardError)")
        return folder
    }

    static func discard(_ folder: URL) {
        if ProcessInfo.processInfo.environment["BANTER_KEEP_SCREENSHOTS"] == nil {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The pixel rules for both fills of `theme` in the filled picture in `folder`.
    static func expectCleanFills(
        in folder: URL, theme: String, sent: (Int, Int, Int), received: (Int, Int, Int), _ label: String
    )
        throws
    {
        let picture = try Picture(png: folder.appendingPathComponent("chat-filled-\(theme).png"))
        for (side, fill) in [("sent", sent), ("received", received)] {
            let inspection = FillInspection(picture, fill: fill)
            let context = "\(label) \(theme) \(side): \(inspection.summary)"
            #expect(inspection.bubbles.count >= 3, "\(context)")
            #expect(inspection.straysPerHundredEdgePixels <= 1, "nothing outside the bubbles: \(context)")
            #expect(inspection.seamRows == 0, "no seam across a bubble: \(context)")
            #expect(inspection.detachedPieces.isEmpty, "no detached piece (tail): \(context)")
        }
    }

    @Test func everyStyleLooksLikeAChat() throws {
        let folder = try Self.shoot([])
        defer { Self.discard(folder) }

        for style in ["filled", "rounded", "ascii"] {
            let picture = try Picture(png: folder.appendingPathComponent("chat-\(style)-default.png"))
            let sent = picture.pixels(near: Self.sentPink)
            let received = picture.pixels(near: Self.receivedGrey)
            #expect(
                sent.count > 500 && received.count > 500,
                "\(style): both bubble colours show (\(sent.count), \(received.count))")
            let sentMiddle = Double(sent.map(\.x).reduce(0, +)) / Double(max(sent.count, 1))
            let receivedMiddle = Double(received.map(\.x).reduce(0, +)) / Double(max(received.count, 1))
            #expect(sentMiddle > Double(picture.width) * 0.55, "\(style): sent bubbles sit on the right half")
            #expect(receivedMiddle < Double(picture.width) * 0.45, "\(style): received bubbles sit on the left half")
            #expect((sent.map(\.x).max() ?? 0) > picture.width * 9 / 10, "\(style): sent bubbles reach the right edge")
            #expect((received.map(\.x).min() ?? picture.width) < picture.width / 10, "\(style): received ones the left")
        }

        // --theme reaches the terminal: the light theme's blue sent bubbles on the right,
        // and none of the default theme's pink.
        let light = try Picture(png: folder.appendingPathComponent("chat-filled-light.png"))
        let blue = light.pixels(near: (0x00, 0x66, 0xDD))
        #expect(blue.count > 500, "light: blue sent bubbles show (\(blue.count))")
        #expect(Double(blue.map(\.x).reduce(0, +)) / Double(max(blue.count, 1)) > Double(light.width) * 0.55)
        #expect(light.pixels(near: Self.sentPink).isEmpty)

        // Every theme that fills bubbles fills them cleanly; mono, which cannot, outlines them.
        for fill in Self.fills {
            try Self.expectCleanFills(
                in: folder, theme: fill.theme, sent: fill.sent, received: fill.received, "xterm 12 pt")
        }
        let mono = try Picture(png: folder.appendingPathComponent("chat-filled-mono.png"))
        #expect(FillInspection(mono, fill: Self.receivedGrey).bubbles.isEmpty, "mono draws no filled bubble")
    }

    /// The sizes in both terminals that take block glyphs from the font.
    @Test(arguments: ["xterm", "st"])
    func filledBubblesAreCleanAtEverySize(terminal: String) throws {
        for size in [9, 11, 14] {
            let folder = try Self.shoot(
                ["--terminal", terminal, "--font-size", "\(size)", "--style", "filled"]
                    + Self.fills.flatMap { ["--theme", $0.theme] })
            defer { Self.discard(folder) }
            for fill in Self.fills {
                try Self.expectCleanFills(
                    in: folder, theme: fill.theme, sent: fill.sent, received: fill.received, "\(terminal) \(size) pt")
            }
        }
    }

    /// The measurement the choice rests on, kept: xterm draws the half blocks kitty draws
    /// cleanly with hairlines and stripes around every bubble (BANTER_FILL forces them).
    @Test func halfBlocksLeaveLinesInXterm() throws {
        let folder = try Self.shoot(
            ["--font-size", "11", "--style", "filled", "--theme", "default"], environment: ["BANTER_FILL": "blocks"])
        defer { Self.discard(folder) }
        let picture = try Picture(png: folder.appendingPathComponent("chat-filled-default.png"))
        let inspection = FillInspection(picture, fill: Self.receivedGrey)
        #expect(inspection.straysPerHundredEdgePixels > 20, "\(inspection.summary)")
    }
}

/// A PNG's pixels, read through ImageMagick as raw RGB.
struct Picture {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init(png: URL) throws {
        let size = try Shell.run(["identify", "-format", "%w %h", png.path])
        let numbers = size.standardOutput.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else { throw ShellError.unexpected("identify: \(size.standardOutput)") }
        width = numbers[0]
        height = numbers[1]
        rgb = try Shell.runBytes(["convert", png.path, "-depth", "8", "rgb:-"])
        guard rgb.count == width * height * 3 else { throw ShellError.unexpected("convert gave \(rgb.count) bytes") }
    }

    /// The pixels within a small distance of `colour` (antialiased edges left out).
    func pixels(near colour: (Int, Int, Int), tolerance: Int = 12) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for index in 0..<(width * height) {
            let red = Int(rgb[index * 3]), green = Int(rgb[index * 3 + 1]), blue = Int(rgb[index * 3 + 2])
            if abs(red - colour.0) <= tolerance, abs(green - colour.1) <= tolerance, abs(blue - colour.2) <= tolerance {
                found.append((index % width, index / width))
            }
        }
        return found
    }
}

enum ShellError: Error { case unexpected(String) }

/// Runs a tool (found on PATH) and collects its output.
enum Shell {
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> BanterBinary.Result {
        try ChildProcess.run(arguments[0], Array(arguments.dropFirst()), environment: environment, timeout: 300)
    }

    static func runBytes(_ arguments: [String]) throws -> [UInt8] {
        Array(try ChildProcess.succeed(arguments[0], Array(arguments.dropFirst())).output)
    }
}
