import BanterCore
import Testing

@Suite struct MentionTests {
    @Test func mentionsAreFoundByNameInAnyCaseOnceEach() {
        let names = ["Bob", "Bob Smith", "Quizzy", "美咲"]
        #expect(
            Participant.mentions(in: "@bob smith and @quizzy, @Bob!", among: names) == ["Bob Smith", "Quizzy", "Bob"])
        #expect(Participant.mentions(in: "@Bobby @quiz mail@example.com", among: names) == [])
        #expect(Participant.mentions(in: "hi @美咲", among: names) == ["美咲"])
        #expect(Participant.mentions(in: "@Quizzy @quizzy", among: names) == ["Quizzy"])
        #expect(Participant.mentions(in: "no at sign", among: names) == [])
        #expect(Participant.mentions(in: "@", among: names) == [])
    }

    @Test func namesThatCannotNameAParticipantAreRefused() {
        #expect(Participant.isValidName("Bob Smith"))
        #expect(Participant.isValidName("美咲"))
        for bad in ["", " Bob", "Bob ", "me", "THEM", "system", "a\nb", "a\u{1B}b", String(repeating: "x", count: 41)] {
            #expect(!Participant.isValidName(bad), "\(bad)")
        }
    }
}
