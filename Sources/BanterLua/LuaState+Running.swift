import BanterCore
import CLua
import Foundation
import LuaSandbox

extension LuaState {
    /// Compiles a text chunk (binary chunks are refused). `chunkName` is how errors name it,
    /// usually the script's file name ("alisha.lua").
    func load(source: String, chunkName: String) throws(ScriptError) -> LuaRef {
        try compile(Array(source.utf8), chunkName: "@" + chunkName, on: L)
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// Compiles Banter's own Lua code; errors and locations skip over it (see `banter_where`).
    /// Its globals are the pristine built-ins, whatever names the script rebinds.
    func loadTrusted(source: String, name: String) throws(ScriptError) -> LuaRef {
        try compile(Array(source.utf8), chunkName: "=[banter \(name)]", on: L)
        if builtinsRef != LUA_NOREF {
            pushBuiltins()
            lua_setupvalue(L, -2, 1)
        }
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// Runs `function` to completion with host-held values as arguments and returns a
    /// reference to its first result (how trusted code hands tables of functions back).
    package func evaluate(_ function: LuaRef, passing arguments: [LuaRef] = []) throws(ScriptError) -> LuaRef {
        let thread = newThread(running: function)
        defer { release(thread) }
        for argument in arguments {
            lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(argument.id))
            lua_xmove(L, thread.pointer, 1)
        }
        var resultCount: Int32 = 0
        banter_arm(control)
        banter_sethook(thread.pointer)
        control.pointee.capped = 1
        let status = lua_resume(thread.pointer, L, Int32(arguments.count), &resultCount)
        control.pointee.capped = 0
        restartCollectorIfStopped()
        if control.pointee.stopped != 0 && status == LUA_OK { throw stopError() }
        guard status == LUA_OK else {
            if status == LUA_YIELD { throw ScriptError(reason: "the script paused where it cannot") }
            throw scriptError(in: thread.pointer, status: status)
        }
        if resultCount == 0 { lua_pushnil(thread.pointer) } else { lua_pushvalue(thread.pointer, -resultCount) }
        let reference = luaL_ref(thread.pointer, BANTER_LUA_REGISTRYINDEX)
        lua_settop(thread.pointer, 0)
        return LuaRef(id: reference)
    }

    /// Runs Banter's own Lua code once (a bot's or a scenario's support code), passing it a
    /// table of the host primitives it calls, and returns what it returned: the entry points
    /// the host keeps. Takes over the primitives' references.
    package func runSupport(source: String, name: String, primitives: [String: LuaRef]) throws(ScriptError) -> LuaRef {
        let host = makeTable(primitives)
        for reference in primitives.values { release(reference) }
        defer { release(host) }
        let support = try loadTrusted(source: source, name: name)
        defer { release(support) }
        return try evaluate(support, passing: [host])
    }

    /// A table of host-held values, for passing a set of functions to trusted code.
    func makeTable(_ entries: [String: LuaRef]) -> LuaRef {
        lua_createtable(L, 0, Int32(entries.count))
        for (key, value) in entries {
            pushString(key, on: L)
            lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(value.id))
            lua_rawset(L, -3)
        }
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// A C function of the shim as a host-held value.
    package func makeCFunction(_ function: lua_CFunction) -> LuaRef {
        lua_pushcclosure(L, function, 0)
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// `table[key]` read as data (raw access).
    package func get(_ table: LuaRef, _ key: String) throws(LuaCallError) -> LuaValue {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(table.id))
        defer { banter_lua_pop(L, 2) }
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_pushnil(L)
            return .nil
        }
        pushString(key, on: L)
        lua_rawget(L, -2)
        var budget = LuaState.maxConvertedEntries
        return try value(at: -1, in: L, depth: 0, budget: &budget)
    }

    /// `table[key] = value` (raw access).
    package func set(_ table: LuaRef, _ key: String, _ value: LuaValue) {
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(table.id))
        if lua_type(L, -1) == LUA_TTABLE {
            pushString(key, on: L)
            push(value, on: L)
            lua_rawset(L, -3)
        }
        banter_lua_pop(L, 1)
    }

    /// Reads and compiles a script file; `chunkName` defaults to the file's name.
    func load(file path: String, chunkName: String? = nil) throws(ScriptError) -> LuaRef {
        let name = chunkName ?? URL(fileURLWithPath: path).lastPathComponent
        let bytes = try LuaState.read(path, as: name, limit: limits.maxChunkBytes)
        try compile(bytes, chunkName: "@" + name, on: L)
        return LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX))
    }

    /// Whether `read(path, …)` would return `bytes` (read and checked before): the file's
    /// bytes as they are now, an override first, compared without checking them again.
    /// What a pooled bot's files are compared with before every reuse.
    package static func stillReads(_ bytes: [UInt8], at path: String) -> Bool {
        if let replaced = SourceOverrides.source(for: path) { return replaced == bytes }
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        guard data.count == bytes.count else { return false }
        // Compared in place: `Data`'s iterator walks a byte at a time.
        return data.withUnsafeBytes { file in
            bytes.withUnsafeBytes { expected in
                guard let file = file.baseAddress, let expected = expected.baseAddress else { return true }
                return memcmp(file, expected, bytes.count) == 0
            }
        }
    }

    /// The bytes of a script file, refused with one clear line when it is missing, a folder,
    /// too large, or not UTF-8 text (a binary file, a legacy encoding). As Lua's `loadfile`
    /// does, a UTF-8 byte-order mark is dropped and a first line starting with `#` (a
    /// `#!/usr/bin/env lua` line) is read as empty, so line numbers stay right.
    package static func read(_ path: String, as name: String, limit: Int) throws(ScriptError) -> [UInt8] {
        if let replaced = SourceOverrides.source(for: path) { return replaced }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScriptError(file: name, reason: "cannot read \(path): there is \(MissingFile.reason(path))")
        }
        guard !isFolder.boolValue else {
            throw ScriptError(file: name, reason: "\(path) is a folder, not a script file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError(file: name, reason: "cannot read \(path): permission denied or not a regular file")
        }
        guard data.count <= limit else {
            throw ScriptError(
                file: name, reason: "the file is \(data.count) bytes; scripts may be at most \(limit) bytes")
        }
        let bytes = [UInt8](data)
        if let (offset, byte) = firstNonText(bytes) {
            let line = bytes[..<offset].lazy.filter { $0 == 0x0A }.count + 1
            let hex = String(byte, radix: 16, uppercase: true)
            throw ScriptError(
                file: name, line: line,
                reason: byte == 0
                    ? "not a text file (a NUL byte at offset \(offset)); a script must be UTF-8 text"
                    : "not UTF-8 text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)); save the script as UTF-8"
            )
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return text.first == UInt8(ascii: "#") ? Array(text.drop { $0 != 0x0A }) : text
    }

    /// The first NUL byte or byte that breaks UTF-8, with its offset; nil for clean text.
    /// ASCII, nearly every byte of a script, is checked a byte at a time; the decoder reads
    /// only the characters beyond it (decoding every byte cost 30 instructions a byte, read
    /// again for every scenario run).
    static func firstNonText(_ bytes: [UInt8]) -> (Int, UInt8)? {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0 { return (offset, 0) }
            if byte < 0x80 {
                offset += 1
                continue
            }
            var decoder = UTF8()
            var iterator = bytes[offset...].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (offset, byte) }
            offset += UTF8.width(scalar)
        }
        return nil
    }

    /// Leaves the compiled function on `thread`'s stack, or throws the syntax error.
    func compile(_ bytes: [UInt8], chunkName: String, on thread: OpaquePointer) throws(ScriptError) {
        let key = CompiledChunks.Key(chunkName: chunkName, source: bytes)
        if let binary = CompiledChunks.shared.binary(for: key) {
            if loadChunk(binary, chunkName: chunkName, mode: "b", on: thread) == LUA_OK { return }
            banter_lua_pop(thread, 1)
        }
        let status = loadChunk(bytes, chunkName: chunkName, mode: "t", on: thread)
        if status == LUA_OK, let binary = dumpFunction(on: thread) { CompiledChunks.shared.store(binary, for: key) }
        guard status == LUA_OK else {
            let message = status == LUA_ERRMEM ? memoryMessage : string(at: -1, in: thread)
            banter_lua_pop(thread, 1)
            var error = ScriptError(luaMessage: message)
            // Some load errors ("attempt to load a binary chunk") carry no place: name the file.
            if error.file == nil, chunkName.hasPrefix("@") { error.file = String(chunkName.dropFirst()) }
            throw error
        }
    }

    /// `luaL_loadbufferx` under the memory cap: "t" for source text, "b" for a dump of ours.
    private func loadChunk(_ bytes: [UInt8], chunkName: String, mode: String, on thread: OpaquePointer) -> Int32 {
        control.pointee.capped = 1
        defer { control.pointee.capped = 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                luaL_loadbufferx(thread, chars.baseAddress, chars.count, chunkName, mode)
            }
        }
    }

    /// The binary form of the function on top of `thread`'s stack (left there).
    func dumpFunction(on thread: OpaquePointer, stripped: Bool = false) -> [UInt8]? {
        let dump = DumpBuffer()
        let status = withExtendedLifetime(dump) {
            lua_dump(
                thread,
                { _, bytes, size, buffer in
                    let dump = Unmanaged<DumpBuffer>.fromOpaque(buffer!).takeUnretainedValue()
                    dump.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: size))
                    return 0
                }, Unmanaged.passUnretained(dump).toOpaque(), stripped ? 1 : 0)
        }
        return status == 0 ? dump.bytes : nil
    }

    var memoryMessage: String {
        "not enough memory (a bot may use at most \(limits.memoryBytes / (1 << 20)) MiB)"
    }

    /// A new coroutine that will run `function` when first resumed. It may be one that
    /// finished an earlier run (see `release(_:)`): a coroutine per run stays the design,
    /// without allocating one for every message.
    package func newThread(running function: LuaRef) -> LuaThread {
        let thread: LuaThread
        if let idle = idleThreads.popLast() {
            thread = idle
        } else {
            let pointer = banter_newthread(L)!
            markAsHostThread(pointer)
            thread = LuaThread(reference: LuaRef(id: luaL_ref(L, BANTER_LUA_REGISTRYINDEX)), pointer: pointer)
        }
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(function.id))
        lua_xmove(L, thread.pointer, 1)
        return thread
    }

    /// Adds `thread` to the prelude's set of host-driven coroutines, which the script sees as
    /// Lua's main thread (see the prelude's `coroutine.running`).
    func markAsHostThread(_ thread: OpaquePointer) {
        guard hostThreadsRef != LUA_NOREF else { return }
        lua_rawgeti(L, BANTER_LUA_REGISTRYINDEX, lua_Integer(hostThreadsRef))
        lua_pushthread(thread)
        lua_xmove(thread, L, 1)
        lua_pushboolean(L, 1)
        lua_rawset(L, -3)
        banter_lua_pop(L, 1)
    }

    /// Forgets a coroutine; call it once the coroutine finished or failed, or to cancel it.
    /// One that returned normally (nothing left on its stack, no frame open) is kept for a
    /// later `newThread`, up to a few; any other is left to the garbage collector.
    package func release(_ thread: LuaThread) {
        let co = thread.pointer
        var frame = lua_Debug()
        let finished = lua_status(co) == LUA_OK && lua_gettop(co) == 0 && lua_getstack(co, 0, &frame) == 0
        if finished && idleThreads.count < LuaState.maxIdleThreads {
            idleThreads.append(thread)
        } else {
            release(thread.reference)
        }
    }

    /// Resumes `thread` under a fresh budget, passing `arguments` (to the function on the
    /// first resumption, as the results of the paused host function afterwards).
    func resume(_ thread: LuaThread, with arguments: [LuaValue] = []) -> ResumeOutcome {
        resume(thread, argumentCount: arguments.count) { co in
            for argument in arguments { push(argument, on: co) }
        }
    }

    /// Resumes `thread` with `argumentCount` values that `pushArguments` pushes onto it, for
    /// arguments built directly on the Lua side (the message table of every user message).
    package func resume(_ thread: LuaThread, argumentCount: Int, pushArguments: (OpaquePointer) -> Void)
        -> ResumeOutcome
    {
        let co = thread.pointer
        guard lua_checkstack(co, Int32(argumentCount) + 3) != 0 else {
            return .failed(ScriptError(reason: "too many arguments"))
        }
        pushArguments(co)
        var resultCount: Int32 = 0
        armForResume(co)
        // The hook's period is per coroutine; one set while an earlier run was being stopped
        // fires on every instruction and would shrink this run's budget.
        banter_sethook(co)
        control.pointee.capped = 1
        let status = lua_resume(co, L, Int32(argumentCount), &resultCount)
        control.pointee.capped = 0
        finishDebugResume()
        let finalizerStopped = (status == LUA_OK || status == LUA_YIELD) && runQueuedFinalizers()
        restartCollectorIfStopped()
        if control.pointee.stopped != 0 && (status == LUA_OK || status == LUA_YIELD) {
            lua_settop(co, 0)
            return .failed(finalizerStopped ? finalizerStop() : stopError())
        }
        switch status {
        case LUA_OK:
            var results: [LuaValue] = []
            var budget = LuaState.maxConvertedEntries
            for index in stride(from: -resultCount, to: 0, by: 1) {
                results.append((try? value(at: index, in: co, depth: 0, budget: &budget)) ?? .nil)
            }
            lua_settop(co, 0)
            return .finished(results)
        case LUA_YIELD:
            banter_lua_pop(co, resultCount)
            return .yielded
        default:
            return .failed(scriptError(in: co, status: status))
        }
    }

    /// Runs `function` to completion in a new coroutine; pausing is an error here.
    @discardableResult
    package func call(_ function: LuaRef, with arguments: [LuaValue] = []) throws(ScriptError) -> [LuaValue] {
        let thread = newThread(running: function)
        defer { release(thread) }
        switch resume(thread, with: arguments) {
        case .finished(let values): return values
        case .failed(let error): throw error
        case .yielded: throw ScriptError(reason: "the script paused (wait, ask or coroutine.yield) where it cannot")
        }
    }

    /// Loads and runs a script file to completion (a scenario, a bot's main chunk).
    package func run(file path: String, chunkName: String? = nil) throws(ScriptError) {
        let function = try load(file: path, chunkName: chunkName)
        defer { release(function) }
        try call(function)
    }

    /// Loads and runs source text to completion.
    func run(source: String, chunkName: String) throws(ScriptError) {
        let function = try load(source: source, chunkName: chunkName)
        defer { release(function) }
        try call(function)
    }

    /// The stop message ("stopped: more than N instructions…") of the current stop reason.
    func stopError() -> ScriptError {
        banter_lua_pushcfunction(L, banter_raise_stop)
        _ = banter_lua_pcall(L, 0, 0, 0)
        let message = string(at: -1, in: L)
        banter_lua_pop(L, 1)
        return ScriptError(luaMessage: message)
    }

    /// The failed coroutine's error as one line, with the script's file:line when the
    /// message does not carry it (errors raised with level 0, non-string errors, memory).
    func scriptError(in co: OpaquePointer, status: Int32) -> ScriptError {
        let location = innermostScriptLocation(in: co)
        lua_xmove(co, L, 1)
        let typeName = String(cString: lua_typename(L, lua_type(L, -1)))
        var message: String
        if banter_protected_tostring(L) != 0 {
            message = string(at: -1, in: L)
            banter_lua_pop(L, 1)
        } else {
            message = "(error object is a \(typeName) value)"
        }
        if status == LUA_ERRMEM { message = memoryMessage }
        var error = ScriptError(luaMessage: message)
        if error.file == nil, let location {
            error.file = location.file
            error.line = location.line
        }
        error.frames = scriptFrames(in: co)
        return error
    }

    /// The frames of the script's own code on a dead coroutine's stack, innermost first
    /// (C functions and Banter's internal chunks left out), at most `maxFrames`. A function
    /// Banter's support code called is named "handler", not by the support code's variable.
    func scriptFrames(in co: OpaquePointer, maxFrames: Int = 12) -> [ScriptFrame] {
        var frames: [ScriptFrame] = []
        var record = lua_Debug()
        var level: Int32 = 0
        while frames.count < maxFrames, lua_getstack(co, level, &record) != 0 {
            lua_getinfo(co, "Sln", &record)
            level += 1
            guard record.currentline > 0, let source = record.source else { continue }
            if String(cString: source).hasPrefix("=[banter") {
                if !frames.isEmpty, frames[frames.count - 1].function != "main chunk" {
                    frames[frames.count - 1].function = "handler"
                }
                continue
            }
            let file = withUnsafeBytes(of: &record.short_src) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            var function: String?
            if let name = record.name, let kind = record.namewhat, kind.pointee != 0 {
                function = "\(String(cString: kind)) '\(ScriptError.oneLine(String(cString: name)))'"
            } else if let what = record.what, String(cString: what) == "main" {
                function = "main chunk"
            }
            frames.append(ScriptFrame(file: file, line: Int(record.currentline), function: function))
        }
        return frames
    }

    /// The innermost frame of the script's own code on a dead coroutine's stack (Lua keeps
    /// the stack of a coroutine that failed, so the debug API can still walk it).
    package func innermostScriptLocation(in co: OpaquePointer) -> (file: String, line: Int)? {
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(co, level, &record) != 0 {
            lua_getinfo(co, "Sl", &record)
            level += 1
            guard record.currentline > 0, let source = record.source else { continue }
            if String(cString: source).hasPrefix("=[banter") { continue }
            let file = withUnsafeBytes(of: &record.short_src) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            return (file, Int(record.currentline))
        }
        return nil
    }
}

/// Collects what `lua_dump` writes.
final class DumpBuffer {
    var bytes: [UInt8] = []
}
