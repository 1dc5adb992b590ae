import ArgumentParser
import BanterHistory

/// What `banter import --from` names: Banter's own transcript or a chat history format.
enum ImportSource: String, CaseIterable, ExpressibleByArgument {
    /// A transcript written by `banter export --format json`.
    case banter
    case whatsapp

    init(format: HistoryFormat) {
        switch format {
        case .whatsapp: self = .whatsapp
        }
    }
}

extension DateOrder: ExpressibleByArgument {}
