import BanterTestSupport
import Foundation
import Testing

/// `scripts/screenshots` in a real xterm: each picture shows what a person expects of a
/// chat, checked on its pixels: the sent bubbles' pink on the right, the received bubbles'
/// grey on the left, and in the filled style the colours fill the bubbles; the light
/// theme's pictures are drawn in its colours.
@Suite(.serialized) struct ScreenshotTests {
    static let sentPink: (Int, Int, Int) = (0xD4, 0x2E, 0x5B)
    static let receivedGrey: (Int, Int, Int) = (0xE5, 0xE5, 0xEA)

    @Test func everyStyleLooksLikeAChat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "banter-screenshots-\(UUID().uuidString)")
        defer {
            if ProcessInfo.processInfo.environment["BANTER_KEEP_SCREENSHOTS"] == nil {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        let run = try Shell.run(
            [
                Repository.url("scripts/screenshots").path, "--out", folder.path,
                "--theme", "default", "--theme", "light",
            ],
            environment: ["BANTER_BIN": BanterBinary.url.path])
        #expect(run.status == 0, "scripts/screenshots failed: \(run.standardError)")

        var filledShare = 0.0, outlineShare = 1.0
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
            let share = Double(sent.count + received.count) / Double(picture.width * picture.height)
            if style == "filled" { filledShare = share } else { outlineShare = min(outlineShare, share) }
        }
        #expect(
            filledShare > outlineShare * 1.2,
            "filled bubbles cover more than outlines: \(filledShare) vs \(outlineShare)")

        // --theme reaches the terminal: the light theme's blue sent bubbles on the right,
        // and none of the default theme's pink.
        let light = try Picture(png: folder.appendingPathComponent("chat-filled-light.png"))
        let blue = light.pixels(near: (0x00, 0x66, 0xDD))
        #expect(blue.count > 500, "light: blue sent bubbles show (\(blue.count))")
        #expect(Double(blue.map(\.x).reduce(0, +)) / Double(max(blue.count, 1)) > Double(light.width) * 0.55)
        #expect(light.pixels(near: Self.sentPink).isEmpty)
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
