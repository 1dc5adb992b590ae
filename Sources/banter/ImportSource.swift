import ArgumentParser
import BanterHistory

/// What `banter import --from` names: Banter's own transcript or a chat history format.
enum ImportSource: String, CaseIterable, ExpressibleByArgument {
    /// A transcript written by `banter export --format json`.
    case banter
    case whatsapp
    case telegram
    case discord
    case slack

    init(format: HistoryFormat) {
        switch format {
        case .whatsapp: self = .whatsapp
        case .telegram: self = .telegram
        case .discord: self = .discord
        case .slack: self = .slack
        }
    }

    /// The chat-history format, nil for Banter's own transcript.
    var history: HistoryFormat? {
        switch self {
        case .banter: nil
        case .whatsapp: .whatsapp
        case .telegram: .telegram
        case .discord: .discord
        case .slack: .slack
        }
    }
}

extension DateOrder: ExpressibleByArgument {}
