/// Trusted Lua run once per scenario state: `expect_reply` lives here because it accepts a
/// function (a predicate), which host functions cannot receive as data. Predicates are kept
/// in a table under string keys the host reads back; patterns are checked as the script
/// loads, so a bad one fails at its own line.
enum ScenarioSupport {
    static let source = #"""
    local host = ...
    local error, type, tostring, pcall = error, type, tostring, pcall
    local check_pattern, expect_reply, expect_reply_predicate = host.check_pattern, host.expect_reply, host.expect_reply_predicate
    local find = string.find

    local expect_edit = host.expect_edit

    local predicates, count = {}, 0
    local api = {}

    local function checked_pattern(name, expected)
      if type(expected) == "table" and type(expected.pattern) == "string" then
        local ok, problem = pcall(check_pattern, expected.pattern)
        if not ok then
          error(name .. ": bad pattern \"" .. expected.pattern .. "\": " .. tostring(problem), 3)
        end
      end
    end

    function api.expect_reply(expected, options)
      if type(expected) == "function" then
        count = count + 1
        local key = tostring(count)
        predicates[key] = expected
        return expect_reply_predicate(key, options)
      end
      checked_pattern("expect_reply", expected)
      return expect_reply(expected, options)
    end

    function api.expect_edit(expected, options)
      checked_pattern("expect_edit", expected)
      return expect_edit(expected, options)
    end

    local function matches(text, pattern)
      return find(text, pattern) ~= nil
    end

    local function accepts(key, text)
      local result = predicates[key](text)
      return result ~= nil and result ~= false
    end

    return { api = api, matches = matches, accepts = accepts }
    """#
}
