import Foundation

/// WhatsApp behind the importer: the survey decides the date order and finds the senders,
/// then the parser reads the messages.
struct WhatsAppReader: HistoryReader {
    let formatName = "WhatsApp"
    private let givenOrder: DateOrder?
    private let zone: TimeZone
    private var order: DateOrder = .dmy

    init(order: DateOrder?, zone: TimeZone) {
        givenOrder = order
        self.zone = zone
    }

    var readingNotes: [String] {
        [
            "dates \(order.example)\(givenOrder == nil ? "" : " (--date-order)")",
            "times in \(zone.identifier == "GMT" ? "UTC" : zone.identifier)",
        ]
    }

    mutating func survey(_ export: ChatExport) throws -> [String] {
        var survey = WhatsAppSurvey()
        try export.readText { survey.read($0) }
        survey.finish()
        guard survey.messageLines > 0 else { throw HistoryError.noMessages(file: export.textName) }
        order = try survey.dateOrder(given: givenOrder)
        return survey.authors
    }

    mutating func read(_ export: ChatExport, _ body: (HistoryRecord) throws -> Void) throws {
        var parser = WhatsAppParser(file: export.textName, order: order, zone: zone)
        try export.readText { chunk in
            for record in parser.read(chunk) { try body(record) }
        }
        for record in parser.finish() { try body(record) }
    }
}
