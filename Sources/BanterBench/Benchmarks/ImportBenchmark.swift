import BanterCore
import Foundation

/// Importing the 1 000 000-message conversation's JSON export, whole process (`banter
/// import` into a copy of the empty template database): time and peak memory. The
/// baseline is the append benchmark's: the `sqlite3` command-line tool inserting the same
/// rows in one transaction (schema, triggers and full-text index included), in the same
/// run. Then the imported conversation is exported again and compared with the first
/// export: every message line must be identical but for the ids. Last, the same messages
/// written as a WhatsApp text export (iOS form, two people) are imported with `--from
/// whatsapp`, against the JSON import of the same run: at most 1.5 times its time, in at
/// most 64 MiB.
struct ImportBenchmark: Benchmark {
    let name = "import"

    func run(in context: BenchContext) throws -> [Figure] {
        let large = try context.largeDatabase()
        _ = try context.templateDatabase()
        let banter = try ChildProcess.banterExecutable()
        let workspace = context.workspace
        let exported = workspace.path("large.jsonl")
        let reexported = workspace.path("reimported.jsonl")
        context.log("import: exporting 1 000 000 messages as JSON")
        _ = try ChildProcess.run(
            banter,
            [
                "export", "--db", large, "--conversation", BenchContext.conversationTitle, "--format", "json", "-o",
                exported,
            ])

        context.log("import: writing the sqlite3 baseline's script (1 000 000 INSERTs in one transaction)")
        let script = workspace.path("import.sql")
        try Self.writeInsertScript(context: context, to: script)

        context.log(
            "import: banter import against sqlite3 inserting the same rows (1 run each: each takes tens of seconds)")
        try workspace.copyDatabase("template.sqlite", to: "import-banter.sqlite")
        let database = workspace.path("import-banter.sqlite")
        let run = try ChildProcess.timedWithPeakMemory(
            banter, ["import", exported, "--db", database, "--conversation", "imported"])
        try workspace.copyDatabase("template.sqlite", to: "import-sqlite.sqlite")
        let sqlite = try ChildProcess.run("sqlite3", [workspace.path("import-sqlite.sqlite")], inputPath: script)
            .seconds

        context.log("import: exporting the imported conversation again and comparing")
        _ = try ChildProcess.run(
            banter, ["export", "--db", database, "--conversation", "imported", "--format", "json", "-o", reexported])
        let differing = try Self.differingMessageLines(exported, reexported)

        context.log("import: the same messages as a WhatsApp text export, imported with --from whatsapp")
        let whatsapp = workspace.path("large-whatsapp.txt")
        try Self.writeWhatsAppExport(context: context, to: whatsapp)
        try workspace.copyDatabase("template.sqlite", to: "import-whatsapp.sqlite")
        let whatsappRun = try ChildProcess.timedWithPeakMemory(
            banter,
            [
                "import", whatsapp, "--from", "whatsapp", "--me", "Sam", "--time-zone", "UTC", "--db",
                workspace.path("import-whatsapp.sqlite"), "--conversation", "whatsapp",
            ])

        return [
            Figure(
                name: "import, 1 000 000 messages (WhatsApp text), whole process", value: whatsappRun.seconds * 1000,
                unit: .milliseconds, target: Target(ratio: .atMost(1.5)),
                baseline: Baseline(name: "banter import of the same messages as JSON", value: run.seconds * 1000)),
            Figure(
                name: "memory: peak RSS of the WhatsApp import", value: Double(whatsappRun.peakBytes) / 1_048_576,
                unit: .mebibytes, target: Target(value: .atMost(64))),
            Figure(
                name: "import, 1 000 000 messages (JSON), whole process", value: run.seconds * 1000,
                unit: .milliseconds, target: Target(ratio: .atMost(1.5)),
                baseline: Baseline(name: "sqlite3 CLI, same rows in one transaction", value: sqlite * 1000)),
            Figure(
                name: "memory: peak RSS of that import", value: Double(run.peakBytes) / 1_048_576, unit: .mebibytes,
                target: Target(value: .atMost(64))),
            Figure(
                name: "JSON round trip, 1 000 000 messages: lines differing but for ids", value: Double(differing),
                unit: .messages, target: Target(value: .atMost(0))),
        ]
    }

    /// The append benchmark's script for every message of the large conversation.
    private static func writeInsertScript(context: BenchContext, to path: String) throws {
        try writeInBatches(to: path) { range in
            var part = AppendBenchmark.insertScript(context.corpus.rows(range))
            if range.lowerBound > 0 { part = String(part[part.range(of: "BEGIN IMMEDIATE;\n")!.upperBound...]) }
            if range.upperBound < BenchContext.largeCount {
                part = String(part[..<part.range(of: "COMMIT;\n")!.lowerBound])
            }
            return part
        }
    }

    /// The large conversation as WhatsApp's iOS export writes it: `[31/12/2025, 21:05:09]
    /// Sam: text`, Sam being you, Ann the other side, times in UTC.
    private static func writeWhatsAppExport(context: BenchContext, to path: String) throws {
        try writeInBatches(to: path) { range in
            var part = ""
            for row in context.corpus.rows(range) {
                var seconds = time_t(row.sentAt.millisecondsSince1970 / 1000)
                var fields = tm()
                gmtime_r(&seconds, &fields)
                let stamp = String(
                    format: "[%02d/%02d/%04d, %02d:%02d:%02d] ", fields.tm_mday, fields.tm_mon + 1,
                    fields.tm_year + 1900, fields.tm_hour, fields.tm_min, fields.tm_sec)
                part += stamp + (row.sender == .me ? "Sam" : "Ann") + ": " + row.text + "\n"
            }
            return part
        }
    }

    /// Writes the text `part` gives for each batch of the large conversation's messages, a
    /// batch at a time, so that it never sits whole in memory.
    private static func writeInBatches(to path: String, _ part: (Range<Int>) throws -> String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
        else { throw BenchError("could not write \(path)") }
        defer { try? file.close() }
        let batch = 100_000
        var start = 0
        while start < BenchContext.largeCount {
            let end = min(start + batch, BenchContext.largeCount)
            try file.write(contentsOf: Data(try part(start..<end).utf8))
            start = end
        }
    }

    /// How many message lines differ once the ids are set aside; the header lines (title,
    /// time of export) are not compared.
    private static func differingMessageLines(_ first: String, _ second: String) throws -> Int {
        let strip = { (path: String) in "tail -n +2 '\(path)' | sed 's/^{\"id\":[0-9]*,//'" }
        let command = "diff <(\(strip(first))) <(\(strip(second))) | grep -c '^<' || true"
        let run = try ChildProcess.run("bash", ["-c", command], captureOutput: true)
        guard let count = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("could not compare the exports: \(run.output)")
        }
        return count
    }
}
