import Testing

@testable import BanterCore

@Suite("Models")
struct ModelTests {
    @Test func deliveryStatusOnlyMovesForward() {
        #expect(DeliveryStatus.allCases.sorted() == [.sending, .sent, .delivered, .read])
        #expect(DeliveryStatus.sending < .sent && DeliveryStatus.delivered < .read)
        #expect(!(DeliveryStatus.read < .read))
    }

    @Test func participantInitialDefaultsToTheFirstGrapheme() {
        #expect(Participant(name: "Alisha").initial == "A")
        #expect(Participant(name: "👩‍🚀 Nova").initial == "👩‍🚀")
        #expect(Participant(name: "").initial == "?")
        #expect(Participant(name: "Alisha", initial: "Å").initial == "Å")
    }

    @Test func chronologicalOrderIsTimeThenId() {
        let early = Message(
            id: 9, conversationID: 1, sender: .me, text: "a", sentAt: Timestamp(millisecondsSince1970: 1))
        let tieLow = Message(
            id: 3, conversationID: 1, sender: .me, text: "b", sentAt: Timestamp(millisecondsSince1970: 2))
        let tieHigh = Message(
            id: 5, conversationID: 1, sender: .me, text: "c", sentAt: Timestamp(millisecondsSince1970: 2))
        #expect(Message.chronological(early, tieLow))
        #expect(Message.chronological(tieLow, tieHigh))
        #expect(!Message.chronological(tieHigh, tieLow))
        #expect(!Message.chronological(tieLow, tieLow))
        #expect(tieLow.status == .sent)
    }
}
