/// The scenario step verbs, in the order the catalogue (and so `banter types`) lists them:
/// the one place a verb is registered. The scenario's Lua globals, the catalogue and its
/// option tables all come from this table.
enum ScenarioStepTable {
    static let all: [any ScenarioStepDefinition.Type] = [
        MeStep.self,
        ReactStep.self,
        EditStep.self,
        DeleteStep.self,
        ThemStep.self,
        ParticipantsStep.self,
        AsStep.self,
        WaitStep.self,
        ExpectReplyStep.self,
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
