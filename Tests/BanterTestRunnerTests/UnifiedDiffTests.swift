import BanterTestSupport
import Testing

@testable import BanterTestRunner

/// The unified diff of golden transcripts: exact hunks for known cases, and on random
/// inputs a diff that applies back to the new lines and is as short as the longest common
/// subsequence allows.
@Suite struct UnifiedDiffTests {
    @Test func equalLinesHaveNoHunks() {
        #expect(UnifiedDiff.hunks(expected: ["a", "b"], got: ["a", "b"]).isEmpty)
        #expect(UnifiedDiff.hunks(expected: [], got: []).isEmpty)
    }

    @Test func aChangedLineInTheMiddleHasThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)" }
        var new = old
        new[4] = "LINE 5"
        #expect(
            UnifiedDiff.hunks(expected: old, got: new) == [
                "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5", "+LINE 5", " line 6", " line 7",
                " line 8",
            ])
    }

    @Test func distantChangesAreSeparateHunksAndCloseOnesShareOne() {
        let old = (1...20).map(String.init)
        var new = old
        new[1] = "two"
        new[17] = "eighteen"
        #expect(
            UnifiedDiff.hunks(expected: old, got: new) == [
                "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
                "@@ -15,6 +15,6 @@", " 15", " 16", " 17", "-18", "+eighteen", " 19", " 20",
            ])
        new = old
        new[5] = "six"
        new[10] = "eleven"
        #expect(UnifiedDiff.hunks(expected: old, got: new).filter { $0.hasPrefix("@@") } == ["@@ -3,12 +3,12 @@"])
    }

    /// As `diff -u` writes them: an empty side is `start,0` with the line before.
    @Test func insertionsAndDeletionsAtTheEdges() {
        #expect(UnifiedDiff.hunks(expected: [], got: ["a", "b"]) == ["@@ -0,0 +1,2 @@", "+a", "+b"])
        #expect(UnifiedDiff.hunks(expected: ["a"], got: []) == ["@@ -1 +0,0 @@", "-a"])
        #expect(
            UnifiedDiff.hunks(expected: ["a", "b"], got: ["a", "b", "c"]) == ["@@ -1,2 +1,3 @@", " a", " b", "+c"])
        #expect(UnifiedDiff.hunks(expected: ["x", "a"], got: ["a"]) == ["@@ -1,2 +1 @@", "-x", " a"])
    }

    @Test func randomDiffsApplyAndAreMinimal() {
        var random = SeededGenerator(seed: 10)
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...14, using: &random)).map { _ in
                ["a", "b", "c", "d"].randomElement(using: &random)!
            }
            let new = (0..<Int.random(in: 0...14, using: &random)).map { _ in
                ["a", "b", "c", "d"].randomElement(using: &random)!
            }
            let script = UnifiedDiff.edits(old, new)
            var rebuiltOld: [String] = [], rebuiltNew: [String] = []
            var changes = 0
            for edit in script {
                switch edit {
                case .same(let line): rebuiltOld.append(line); rebuiltNew.append(line)
                case .removed(let line): rebuiltOld.append(line); changes += 1
                case .added(let line): rebuiltNew.append(line); changes += 1
                }
            }
            #expect(rebuiltOld == old && rebuiltNew == new, "\(old) → \(new)")
            #expect(changes == old.count + new.count - 2 * lcsLength(old, new), "\(old) → \(new)")
            #expect(applying(UnifiedDiff.hunks(expected: old, got: new, context: 2), to: old) == new, "\(old) → \(new)")
        }
    }

    @Test func beyondTheEditLimitTheDiffIsStillCorrect() {
        let old = (0..<1_500).map { "old \($0)" }
        let new = (0..<1_500).map { "new \($0)" }
        let script = UnifiedDiff.edits(old, new)
        #expect(script.count == 3_000)
        #expect(applying(UnifiedDiff.hunks(expected: old, got: new), to: old) == new)
    }

    private func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// Applies unified hunks as `patch` does, checking that context and removed lines match.
    private func applying(_ hunks: [String], to old: [String]) -> [String]? {
        var result: [String] = []
        var position = 0
        var index = 0
        while index < hunks.count {
            let header = hunks[index]
            guard header.hasPrefix("@@ -") else { return nil }
            let oldSpan = header.dropFirst(4).prefix { $0 != " " }
            let startText = oldSpan.split(separator: ",").first.map(String.init) ?? "0"
            let isEmpty = oldSpan.hasSuffix(",0")
            let start = (Int(startText) ?? 0) - (isEmpty ? 0 : 1)
            guard start >= position else { return nil }
            result += old[position..<start]
            position = start
            index += 1
            while index < hunks.count, !hunks[index].hasPrefix("@@") {
                let line = hunks[index]
                let text = String(line.dropFirst())
                switch line.first {
                case " ":
                    guard position < old.count, old[position] == text else { return nil }
                    result.append(text)
                    position += 1
                case "-":
                    guard position < old.count, old[position] == text else { return nil }
                    position += 1
                case "+": result.append(text)
                default: return nil
                }
                index += 1
            }
        }
        return result + old[position...]
    }
}
