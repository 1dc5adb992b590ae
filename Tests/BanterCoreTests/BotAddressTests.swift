import Foundation
import Testing

@testable import BanterCore

/// `BotAddress.resolved` works plain paths out from their components instead of through
/// Foundation's URL: the answer must be the one Foundation gives, for the paths it takes
/// that way and for those it leaves to Foundation.
@Suite struct BotAddressTests {
    @Test(arguments: [
        "../bots/alisha.lua", "bots/alisha.lua", "./a/./b/../c.lua", "/abs/x/../y.lua", "a", "..", ".",
        "../../../../../../../../x.lua", "/", "a//b.lua", "dir/", "/tmp/../", "name with spaces.lua", "100%.lua",
        "q?.lua", "#.lua", "é/ü.lua", "/a/b/.", "/a/b/..",
    ])
    func resolvedAsFoundationStandardisesIt(_ address: String) {
        let folders = [
            URL(fileURLWithPath: "/work/some/folder", isDirectory: true),
            URL(fileURLWithPath: "/work/some/folder/scenario.lua").deletingLastPathComponent(),
            URL(fileURLWithPath: "/work/some/folder"), URL(fileURLWithPath: "/"), nil,
        ]
        for folder in folders {
            let expected = URL(fileURLWithPath: address, relativeTo: folder).standardizedFileURL.path
            #expect(
                BotAddress.resolved(address, relativeTo: folder) == expected,
                "in \(folder?.path ?? "the working folder")")
        }
    }

    @Test func urlsStayAsWritten() {
        #expect(BotAddress.resolved("HTTPS://example.com/bot/../x") == "HTTPS://example.com/bot/../x")
    }

    @Test(arguments: [
        "/work/bots/alisha.lua", "alisha.lua", "bots/alisha.lua", "a//b.lua", "/", "", "dir/", "/a/b/.", "/a/b/..",
        "..", ".", "a/..", "a/.", "name with spaces.lua", "é/ü.lua", "bot", "/only", "x/", ".hidden", "a/...",
    ])
    func fileNameAsFoundationGivesIt(_ path: String) {
        #expect(BotAddress.fileName(path) == URL(fileURLWithPath: path).lastPathComponent)
    }
}
