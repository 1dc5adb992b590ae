import Testing
@testable import BanterScript
import BanterCore

@Test func smoke() throws {
    let state = try LuaState(now: { Timestamp(millisecondsSince1970: 0) })
    try state.run(source: "local x = string.upper('a') assert(x == 'A')", chunkName: "t.lua")
}
