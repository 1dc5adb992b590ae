import ArgumentParser
import BanterCore

/// Who `banter chat --as` speaks as: a side of the conversation (`me`, the default, or
/// `them`), or in a group a person of it by name (`--as Bob`), as a second terminal on the
/// same database does while the first one runs the bots.
enum ChatSpeaker: ExpressibleByArgument, Equatable {
    case side(Side)
    case person(String)

    init?(argument: String) {
        if let side = Side(rawValue: argument) {
            self = .side(side)
        } else if Participant.isValidName(argument) {
            self = .person(argument)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String { "me" }

    /// The side the session speaks from: a person of the group is on the other side, where
    /// no bot runs.
    var side: Side {
        switch self {
        case .side(let side): side
        case .person: .them
        }
    }

    /// The group's person spoken as, if any.
    var personName: String? {
        if case .person(let name) = self { return name }
        return nil
    }
}
