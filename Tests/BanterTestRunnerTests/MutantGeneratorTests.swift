import BanterTestSupport
import Foundation
import Testing

@testable import BanterTestRunner

/// The mutants of a Lua file: made token by token (nothing inside strings or comments), one
/// of each kind where the code has one, and skipped when they compile to the same code.
@Suite struct MutantGeneratorTests {
    static func mutants(_ source: String) -> [(MutationKind, String)] {
        let bytes = Array(source.utf8)
        return MutantGenerator(file: "bot.lua", source: bytes).mutants().map {
            ($0.kind, String(decoding: $0.apply(to: bytes), as: UTF8.self))
        }
    }

    @Test func nothingInsideStringsOrCommentsIsMutated() {
        let source = """
            -- a == b and c + 1
            --[==[ x > y ]==]
            local s = [[ p or q < 2 ]]
            local t = 'm ~= n'

            """
        let kinds = Self.mutants(source).map(\.0)
        #expect(kinds == [.stringEmptied, .stringEmptied])
    }

    @Test func makesEachKindWhereTheCodeHasOne() {
        let source = """
            on("^hi (%a+)$", function(msg, chat, name)
              if #name > 3 and name ~= "Bob" then
                chat:reply("Hi " .. name, { after = 2 })
              end
              count = count + 1
            end)

            """
        let mutants = Self.mutants(source)
        func has(_ kind: MutationKind, _ fragment: String) -> Bool {
            mutants.contains { $0.0 == kind && $0.1.contains(fragment) }
        }
        #expect(has(.patternAnchor, "on(\"hi (%a+)$\""))
        #expect(has(.patternAnchor, "on(\"^hi (%a+)\""))
        #expect(has(.patternClass, "on(\"^hi (%w+)$\""))
        #expect(has(.relational, "#name >= 3"))
        #expect(has(.relational, "name == \"Bob\""))
        #expect(has(.logical, "#name > 3 or name"))
        #expect(has(.negatedCondition, "if not (#name > 3 and name ~= \"Bob\") then"))
        #expect(has(.forcedCondition, "if true then"))
        #expect(has(.number, "#name > 4"))
        #expect(has(.number, "#name > 2"))
        #expect(has(.stringEmptied, "name ~= \"\""))
        #expect(has(.delay, "{ after = 21 }"))
        #expect(has(.arithmetic, "count = count - 1"))
        #expect(has(.statementRemoved, "  end\n  \nend)"))
        #expect(mutants.contains { $0.0 == .replyDropped && !$0.1.contains("chat:reply") })
        // The handler's registration goes with its line breaks: the file keeps its lines.
        let removed = mutants.first { $0.0 == .handlerRemoved }?.1
        #expect(removed == String(repeating: "\n", count: 6))
        // `+` after a value is binary; a unary minus is left alone.
        #expect(!Self.mutants("local x = -1\n").contains { $0.0 == .arithmetic })
    }

    @Test func skipsMutantsThatCompileToTheSameCode() throws {
        var compiled = try CompiledMutants(file: "bot.lua", source: Array("if a == b then x() end\n".utf8))
        #expect(compiled.classify(Array("if a ~= b then x() end\n".utf8)) == .distinct)
        // `not (a == b)` compiles to what `a ~= b` does: the same mutant twice.
        #expect(compiled.classify(Array("if not (a == b) then x() end\n".utf8)) == .equivalent)
        // Spacing and line breaks are not code.
        #expect(compiled.classify(Array("if  a == b  then x() end\n\n".utf8)) == .equivalent)
        #expect(compiled.classify(Array("if a == then\n".utf8)) == .invalid)
    }

    @Test func aMutantReadsAsOneLineOfDiff() {
        let source = Array("local x = 1\nif x > 2 then y() end\n".utf8)
        let mutant = MutantGenerator(file: "bot.lua", source: source).mutants().first { $0.kind == .relational }
        #expect(mutant?.line == 2)
        #expect(
            mutant.map { $0.diff(in: source) }.map { [$0.before, $0.after] } == [
                "if x > 2 then y() end", "if x >= 2 then y() end",
            ])
    }
}
