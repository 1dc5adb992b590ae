import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport
@testable import BanterStore

/// Every declared message field (`MessageField.all`) goes the whole way: stored, exported,
/// imported into another database, and handed to a bot as part of `msg`.
@Suite struct MessageFieldChainTests {
    @Test func everyFieldGoesFromTheStoreThroughExportAndImportToTheBot() throws {
        let time = SessionFixture.start - .seconds(60)
        let source = try ChatStore(path: ":memory:")
        let conversation = try source.createConversation(title: "fields", createdAt: time)
        let first = try source.append(conversationID: conversation.id, sender: .me, text: "first", sentAt: time)
        try source.append(contentsOf: [
            NewMessage(
                conversationID: conversation.id, sender: .them, text: "second", sentAt: time + .seconds(1),
                fields: .samples(messageID: first.id))
        ])
        let stored = try source.latestPage(conversationID: conversation.id, limit: 10).messages

        let file = TranscriptExport(
            conversation: conversation, participant: Participant(name: "Bot"), messages: stored,
            headerFormatter: HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!), now: time
        ).rendered(as: .json)
        let transcript = try TranscriptReader.read(Data(file.utf8))
        let target = try ChatStore(path: ":memory:")
        try target.importConversation { importer in
            try importer.createConversation(
                title: "fields", botScriptPath: nil, rules: transcript.rules, participant: nil, createdAt: time)
            for message in transcript.messages {
                try importer.append(
                    NewMessage(
                        conversationID: 0, sender: message.sender, text: message.text, sentAt: message.sentAt,
                        status: message.status, fields: message.fields),
                    exportedID: message.exportedID)
            }
        }
        let importedConversation = try #require(try target.conversation(titled: "fields"))
        let imported = try target.latestPage(conversationID: importedConversation.id, limit: 10).messages
        #expect(imported.map(\.text) == ["first", "second"])
        #expect(
            imported[1].fields == .samples(messageID: imported[0].id), "the parent now names the imported first message"
        )
        #expect(imported[1].sender == stored[1].sender)

        // The bot writes what it sees of the message into its memory, stored as JSON.
        let keys = MessageField.all.flatMap(Self.luaKeys)
        let fixture = try SessionFixture(
            title: "fields",
            bot: """
                bot { name = "Bot" }
                on_reaction(function(reaction, msg, chat)
                  chat.memory.seen = { \(keys.map { "\($0) = msg.\($0)" }.joined(separator: ", ")) }
                end)
                """, store: target)
        _ = try fixture.session.react(to: imported[1], with: "👍")
        #expect(fixture.notices.isEmpty, "\(fixture.notices)")
        let seen = try #require(
            try target.memoryValue(conversationID: importedConversation.id, bot: "bot.lua", key: "seen"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(seen.utf8)) as? NSDictionary)
        let expected = try Self.expectedLuaTable(imported[1])
        #expect(object == expected, "\(seen)")
    }

    /// The keys a field puts in `msg`.
    static func luaKeys(_ field: MessageField) -> [String] {
        switch (field.lua, field.kind) {
        case (.key(let key), _): [key]
        case (.spread, .structure(let codec)): codec.luaKeys.map(\.name)
        case (.spread, _): []
        }
    }

    /// What `msg` should hold for the declared fields of `message`, as JSON objects.
    static func expectedLuaTable(_ message: Message) throws -> NSDictionary {
        let table = NSMutableDictionary()
        for field in MessageField.all {
            let value: Any? =
                switch message.fields[field] {
                case .null: nil
                case .boolean(let flag): flag
                case .integer(let number): number
                case .text(let text): text
                case .json(let json): try JSONSerialization.jsonObject(with: Data(json.utf8))
                }
            switch (field.lua, value) {
            case (_, nil): break
            case (.key(let key), let value?): table[key] = value
            case (.spread, let object as NSDictionary): table.addEntries(from: object as! [AnyHashable: Any])
            case (.spread, _): Issue.record("\(field) spreads a value that is not an object")
            }
        }
        return table
    }
}
