import Foundation

/// One question to the terminal and its answer: the request is written with the input in
/// non-canonical, no-echo mode (so replies are neither shown nor line-buffered), and replies
/// are read until `isComplete` says they are all there or the timeout passes. Keys typed
/// meanwhile arrive on the same input: whatever is not a reply (`TerminalReplies`) goes to
/// `typeahead`, in order, for the line editor; a reply cut off by the timeout is dropped, and
/// one that comes after it is looked for among the keys a while longer
/// (`TerminalTypeahead.expectLateAnswers`), so neither reaches the editor as typed text.
/// Shared by the width probe and the picture probe.
struct TerminalQuery {
    var input: Int32 = STDIN_FILENO
    var output = TerminalOutput()
    var typeahead = TerminalTypeahead.standardInput

    struct Answer {
        /// What the terminal sent back, without the keys typed meanwhile.
        var bytes: [UInt8]
        /// Whether `isComplete` held before the timeout.
        var isComplete: Bool
        var microseconds: Int
    }

    /// Writes `request` and reads the replies; nil when the input is not a terminal.
    func ask(_ request: String, timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) -> Answer? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
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
        output.write(request)
        var received: [UInt8] = []
        var complete = false
        var buffer = [UInt8](repeating: 0, count: 256)
        while !complete {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32((deadline - now + 999_999) / 1_000_000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
            complete = isComplete(received)
        }
        let microseconds = Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)
        let (answer, typed) = TerminalReplies.split(received)
        typeahead.keep(typed)
        if !complete { typeahead.expectLateAnswers() }
        return Answer(bytes: answer, isComplete: complete, microseconds: microseconds)
    }
}
