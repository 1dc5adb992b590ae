/// The benchmark's pattern bot, and the stand-alone Lua program that runs the same handler
/// functions with plain calls: the baseline of the dispatch figure.
enum PatternBot {
    /// A bot of a few `on` patterns with captures and a fallback, as people write them.
    static let script = """
        bot { name = "Bench" }
        on("^hi", function(msg, chat) chat:reply("Hi yourself!") end)
        on("weather in (%a+)", function(msg, chat, city) chat:reply("Sunny in " .. city) end)
        on("(%d+) ?%+ ?(%d+)", function(msg, chat, a, b) chat:reply(tostring(tonumber(a) + tonumber(b))) end)
        on("^bye", function(msg, chat) chat:reply("See you!") end)
        fallback(function(msg, chat) chat:reply("Tell me more about " .. (msg.text:match("%a+") or "that")) end)
        """

    /// Loads the bot file through minimal `bot`/`on`/`fallback` definitions, then dispatches
    /// every message the way Banter does (first matching pattern with its captures, else the
    /// fallback) with plain function calls, and prints the CPU seconds of that loop and the
    /// number of replies. Arguments: the messages file, the bot file.
    static let baseline = """
        local texts = dofile(arg[1])
        local handlers, fallback_handler, replies = {}, nil, 0
        function bot(options) end
        function on(pattern, fn) handlers[#handlers + 1] = { pattern = pattern, fn = fn } end
        function fallback(fn) fallback_handler = fn end
        dofile(arg[2])
        local chat = {}
        function chat:reply(text) replies = replies + 1 end
        local find = string.find
        local function run_matched(handler, msg, first, last, ...)
          if first == nil then return false end
          handler(msg, chat, ...)
          return true
        end
        local function dispatch(msg)
          local text = msg.text
          for i = 1, #handlers do
            if run_matched(handlers[i].fn, msg, find(text, handlers[i].pattern)) then return end
          end
          return fallback_handler(msg, chat)
        end
        local start = os.clock()
        for i = 1, #texts do
          dispatch({ text = texts[i], id = i, at = 1767603600 + i * 12, from = "me" })
        end
        io.write(string.format("%.6f %d\\n", os.clock() - start, replies))
        """

    /// `return { "text", … }`: the messages as a Lua chunk, texts quoted as Lua string literals.
    static func messagesChunk(_ texts: [String]) -> String {
        var chunk = "return {\n"
        for text in texts {
            chunk += "\"" + luaEscaped(text) + "\",\n"
        }
        return chunk + "}\n"
    }

    private static func luaEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "\\\(scalar.value)"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
