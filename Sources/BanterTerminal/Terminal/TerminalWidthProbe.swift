import Foundation

/// Asks the terminal how wide it draws emoji: prints `WidthProbe.samples` one after the
/// other from column 1 of the cursor's row, asking for the cursor position after each, then
/// erases the row. Nothing scrolls, so nothing reaches the scrollback. The input is in
/// non-canonical, no-echo mode meanwhile so the replies are neither shown nor line-buffered.
enum TerminalWidthProbe {
    /// How long to wait for every reply. A local terminal answers in a few milliseconds, but
    /// xterm looking up a fallback font for the first emoji it draws can take a hundred or
    /// more on a busy machine; only a terminal that never answers waits this long.
    static let timeoutMilliseconds = 300

    /// The model the terminal's answers match, or `fallback` with the reason it stays.
    static func choose(
        fallback: WidthModel, input: Int32 = STDIN_FILENO, output: TerminalOutput = TerminalOutput()
    ) -> WidthModelChoice {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return WidthModelChoice(model: fallback, reason: .notMeasured) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &quiet)
        defer { tcsetattr(input, TCSANOW, &saved) }

        let started = DispatchTime.now().uptimeNanoseconds
        let deadline = started + UInt64(timeoutMilliseconds) * 1_000_000
        output.write(WidthProbe.request)
        var replies: [UInt8] = []
        var columns: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while columns.count < WidthProbe.samples.count {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32((deadline - now + 999_999) / 1_000_000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            replies += buffer[..<count]
            columns = WidthProbe.reportedColumns(in: replies)
        }
        let microseconds = Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)
        guard columns.count >= WidthProbe.samples.count else {
            // Replies that did arrive must not reach the line editor as typed text.
            tcflush(input, TCIFLUSH)
            return WidthModelChoice(model: fallback, reason: .noAnswer(timeoutMilliseconds: timeoutMilliseconds))
        }
        let advances = columns.prefix(WidthProbe.samples.count).map { $0 - 1 }
        guard let model = WidthProbe.model(matching: advances) else {
            if let closest = WidthProbe.closestModel(to: advances) {
                return WidthModelChoice(model: closest, reason: .closest(advances: advances, microseconds: microseconds))
            }
            return WidthModelChoice(model: fallback, reason: .unmatched(advances: advances, microseconds: microseconds))
        }
        return WidthModelChoice(model: model, reason: .measured(advances: advances, microseconds: microseconds))
    }
}
