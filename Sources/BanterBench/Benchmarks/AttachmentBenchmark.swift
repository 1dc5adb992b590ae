import Foundation

/// Exporting and importing a conversation of large attachments (8 files of 20 MiB of
/// random bytes, sent by a scenario), whole process: time and peak memory, which must stay
/// flat because the bytes stream a 256 KiB chunk at a time. The baselines are coreutils'
/// `base64` encoding (for the export) and decoding (for the import) the same bytes, in the
/// same run. Then the imported files are compared with the originals byte for byte.
struct AttachmentBenchmark: Benchmark {
    let name = "attachments"

    static let fileCount = 8
    static let fileBytes = 20 * 1_048_576

    func run(in context: BenchContext) throws -> [Figure] {
        let banter = try ChildProcess.banterExecutable()
        let workspace = context.workspace
        context.log("attachments: writing \(Self.fileCount) files of 20 MiB and sending them with a scenario")
        var random = SeededRandom(seed: 13)
        var script = "scenario { title = \"attachments\" }\n"
        for index in 1...Self.fileCount {
            var bytes = [UInt8](repeating: 0, count: Self.fileBytes)
            for offset in stride(from: 0, to: bytes.count, by: 8) {
                withUnsafeBytes(of: random.next()) { word in
                    for byte in 0..<8 { bytes[offset + byte] = word[byte] }
                }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: workspace.path("file\(index).bin")))
            script += "me { file = \"file\(index).bin\", text = \"file \(index)\" }\n"
        }
        try script.write(toFile: workspace.path("attachments.lua"), atomically: true, encoding: .utf8)
        let source = workspace.path("attachments.sqlite")
        workspace.removeDatabase("attachments.sqlite")
        _ = try ChildProcess.run(banter, ["run", workspace.path("attachments.lua"), "--db", source])

        context.log("attachments: export and import against base64 encoding and decoding the same bytes (2 runs each)")
        let files = (1...Self.fileCount).map { "'\(workspace.path("file\($0).bin"))'" }.joined(separator: " ")
        let encoded = workspace.path("attachments.base64")
        let encode = try Samples.collect(warmUp: 0, count: 2) {
            try ChildProcess.run("bash", ["-c", "cat \(files) | base64 -w 349528 > '\(encoded)'"]).seconds
        }
        let decode = try Samples.collect(warmUp: 0, count: 2) {
            try ChildProcess.run("bash", ["-c", "base64 -d '\(encoded)' > /dev/null"]).seconds
        }
        let exported = workspace.path("attachments.jsonl")
        let export = try ExportBenchmark.best(of: 2) {
            try ChildProcess.timedWithPeakMemory(
                banter, ["export", "--db", source, "--conversation", "attachments", "--format", "json", "-o", exported])
        }
        let target = workspace.path("attachments-imported.sqlite")
        let importRun = try ExportBenchmark.best(of: 2) {
            workspace.removeDatabase("attachments-imported.sqlite")
            return try ChildProcess.timedWithPeakMemory(banter, ["import", exported, "--db", target])
        }
        let differing = try Self.differingFiles(source, target)

        let megabytes = Self.fileCount * Self.fileBytes / 1_048_576
        return [
            Figure(
                name: "export --format json, \(Self.fileCount) attachments (\(megabytes) MiB), whole process",
                value: export.seconds * 1000, unit: .milliseconds, target: Target(ratio: .atMost(3)),
                baseline: Baseline(name: "base64 encoding the same bytes", value: encode.minimum * 1000)),
            Figure(
                name: "memory: peak RSS of that export", value: Double(export.peakBytes) / 1_048_576, unit: .mebibytes,
                target: Target(value: .atMost(64))),
            Figure(
                name: "import of that file, whole process", value: importRun.seconds * 1000, unit: .milliseconds,
                target: Target(ratio: .atMost(5)),
                baseline: Baseline(name: "base64 decoding the same bytes", value: decode.minimum * 1000)),
            Figure(
                name: "memory: peak RSS of that import", value: Double(importRun.peakBytes) / 1_048_576,
                unit: .mebibytes,
                target: Target(value: .atMost(64))),
            Figure(
                name: "attachment round trip: files differing byte for byte", value: Double(differing), unit: .messages,
                target: Target(value: .atMost(0))),
        ]
    }

    /// How many attachments differ between the two databases: each file as one line of hex
    /// (its chunks in order, read by sqlite3), in message order, compared by `diff`.
    private static func differingFiles(_ first: String, _ second: String) throws -> Int {
        let files = { (path: String) in
            "sqlite3 '\(path)' \"SELECT group_concat(hex(bytes), '') FROM "
                + "(SELECT message_id, bytes FROM attachment_chunks ORDER BY message_id, chunk) GROUP BY message_id ORDER BY message_id\""
        }
        let command = "diff <(\(files(first))) <(\(files(second))) | grep -c '^<' || true"
        let run = try ChildProcess.run("bash", ["-c", command], captureOutput: true)
        guard let count = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("could not compare the attachments: \(run.output)")
        }
        return count
    }
}
