/// The differences between two lists of lines as a unified diff, the form `diff -u` and
/// `git diff` print: hunks headed `@@ -a,b +c,d @@`, each line prefixed with ` ` (the same
/// in both), `-` (only in the expected lines) or `+` (only in the lines we got), with
/// `context` unchanged lines around every change. Pure: lines in, lines out.
///
/// The edit script is a shortest one (Myers' O((N+M)·D) algorithm, after the common
/// first and last lines are set aside); past `maxEdits` differences it stops searching and
/// replaces the whole middle, which is still a correct diff, only not the smallest.
enum UnifiedDiff {
    /// One line of the edit script.
    enum Edit: Hashable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Beyond this many differing lines the diff is no longer minimal (see above).
    static let maxEdits = 1_000

    /// The hunks, without a `---`/`+++` header; empty when the lines are equal.
    static func hunks(expected: [String], got: [String], context: Int = 3) -> [String] {
        let script = edits(expected, got)
        guard script.contains(where: { if case .same = $0 { false } else { true } }) else { return [] }
        return format(script, context: context)
    }

    /// The shortest edit script from `old` to `new`.
    static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        let middle = myers(a, b) ?? (a.map(Edit.removed) + b.map(Edit.added))
        return old[..<prefix].map(Edit.same) + middle + old[(old.count - suffix)...].map(Edit.same)
    }

    /// Myers' greedy algorithm: for each number of differences d, the furthest point
    /// reached on every diagonal k = x − y; then back from the end through the saved rows.
    /// Nil when more than `maxEdits` differences would be needed.
    private static func myers(_ a: [String], _ b: [String]) -> [Edit]? {
        let n = a.count, m = b.count
        if n == 0 { return b.map(Edit.added) }
        if m == 0 { return a.map(Edit.removed) }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m { return backtrack(a, b, trace: trace, offset: offset) }
            }
        }
        return nil
    }

    private static func backtrack(_ a: [String], _ b: [String], trace: [[Int]], offset: Int) -> [Edit] {
        var x = a.count, y = b.count
        var script: [Edit] = []
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let furthest = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : furthest[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                script.append(.same(a[x]))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    script.append(.added(b[y]))
                } else {
                    x -= 1
                    script.append(.removed(a[x]))
                }
            }
        }
        return script.reversed()
    }

    /// Groups the script into hunks with `context` unchanged lines around each change
    /// (changes closer than twice that share a hunk).
    private static func format(_ script: [Edit], context: Int) -> [String] {
        let changed = script.indices.filter { if case .same = script[$0] { false } else { true } }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(index - context, 0), high = min(index + context, script.count - 1)
            if let last = ranges.last, low <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(high, last.upperBound)
            } else {
                ranges.append(low...high)
            }
        }
        // Line numbers (from 1) in each file at every position of the script.
        var oldLine = [Int](), newLine = [Int]()
        var o = 1, n = 1
        for edit in script {
            oldLine.append(o)
            newLine.append(n)
            switch edit {
            case .same: o += 1; n += 1
            case .removed: o += 1
            case .added: n += 1
            }
        }
        var lines: [String] = []
        for range in ranges {
            var oldCount = 0, newCount = 0
            var body: [String] = []
            for edit in script[range] {
                switch edit {
                case .same(let line): body.append(" " + line); oldCount += 1; newCount += 1
                case .removed(let line): body.append("-" + line); oldCount += 1
                case .added(let line): body.append("+" + line); newCount += 1
                }
            }
            let old = span(start: oldLine[range.lowerBound], count: oldCount)
            let new = span(start: newLine[range.lowerBound], count: newCount)
            lines.append("@@ -\(old) +\(new) @@")
            lines += body
        }
        return lines
    }

    /// `a,b` as diff writes it: `a` alone for one line; for none, the line before.
    private static func span(start: Int, count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
    }
}
