import BanterScript

/// The scenario step verbs, in the order the catalogue (and so `banter types`) lists them:
/// the one place a verb is registered. The scenario's Lua globals, the catalogue and its
/// option tables all come from this table.
package enum ScenarioStepTable {
    static let all: [any ScenarioStepDefinition.Type] = [
        MeStep.self,
        TapStep.self,
        ReactStep.self,
        EditStep.self,
        DeleteStep.self,
        ThemStep.self,
        ParticipantsStep.self,
        AsStep.self,
        GiveTurnStep.self,
        WaitStep.self,
        ForkStep.self,
        RetryStep.self,
        ExpectReplyStep.self,
        ExpectCardStep.self,
        ExpectReactionStep.self,
        ExpectEditStep.self,
        ExpectDeleteStep.self,
        ExpectNoReplyStep.self,
        ExpectSectionStep.self,
        ExpectClusterBreakStep.self,
        ExpectSameClusterStep.self,
        ExpectTypingStep.self,
        ExpectStatusStep.self,
        GroupingStep.self,
        MarkReadStep.self,
        MarkDeliveredStep.self,
    ]
}

extension ScenarioStepTable {
    /// The catalogue entry of the verb `name`: its parameters and their types, which is all
    /// a tool that rewrites steps (`banter shrink`) knows about a verb.
    package static func function(named name: String) -> APIFunction? {
        all.first { $0.name == name }?.function
    }

    /// Whether the verb `name` checks what happened rather than doing something: the verbs
    /// named `expect_…`, by the catalogue's convention. `banter shrink` keeps an action and
    /// the expectations after it together.
    package static func isExpectation(_ name: String) -> Bool {
        name.hasPrefix("expect_")
    }

    /// The option table (its fields and their types) named `name`, among every verb's.
    package static func optionTable(named name: String) -> APIClass? {
        for step in all {
            if let table = step.optionTables.first(where: { $0.name == name }) { return table }
        }
        return nil
    }
}
