-- A faithful re-creation of Joseph Weizenbaum's ELIZA (CACM 9(1), January
-- 1966) as a pure Lua 5.4 module. The script (e.g. DOCTOR) is data: this
-- module parses its keywords, ranks, substitutions, DLIST tags,
-- decomposition and reassembly rules, =KEYWORD links, NEWKEY, PRE, the
-- MEMORY rule and the NONE fallback, and runs the 1966 algorithm on it.
--
-- Details the CACM paper leaves open follow Weizenbaum's MAD-SLIP source
-- (found in his MIT archive in 2021) as documented by Anthony Hay's
-- reconstruction (github.com/anthay/ELIZA), which reproduces the paper's
-- published conversation exactly:
--   * input is reduced to the IBM 7094 Hollerith (BCD) character set, in
--     upper case; '?' and '!' become '.';
--   * delimiters are '.', ',' and the word BUT; scanning left to right, at a
--     delimiter the text before it is discarded if no keyword has been found
--     yet, otherwise the text after it is discarded;
--   * a keyword ranked higher than every keyword before it goes on top of the
--     keystack, any other keyword goes to the bottom;
--   * reassembly rules of a decomposition rule are used in turn, cyclically;
--   * when the top keyword is the MEMORY keyword, one of the four MEMORY
--     transformations, chosen by SLIP's HASH of the last word of the input,
--     is applied and the result queued;
--   * a counter LIMIT cycles 1..4 per input; the oldest memory is recalled
--     only for an input without keywords when LIMIT is 4;
--   * NEWKEY with an empty keystack gives the NONE rule's next remark; a
--     keyword with no matching decomposition rule gives one of the
--     program's four built-in remarks, selected by LIMIT;
--   * a (* ...) alternative matches when the first six characters of the word
--     equal any six-character chunk of an alternative (the original compared
--     machine words of six BCD characters).
--
-- Uses only string, table, math and utf8 (no io, os, debug, load, package,
-- string patterns); writes no globals.
--
-- API:
--   local Eliza = require("eliza.engine")
--   local script = Eliza.parse(text)        -- parse once (errors name the line)
--   local e = Eliza.new(text_or_script, state) -- state from e:state(), or nil
--   e:opening()                             -- the script's opening remark
--   e:respond(input)                        -- ELIZA's reply, in upper case
--   e:state()                               -- flat table of strings/numbers

local string, table, math, utf8 = string, table, math, utf8
local error, type, tostring, tonumber, pairs, ipairs, setmetatable =
    error, type, tostring, tonumber, pairs, ipairs, setmetatable
local byte, sub, upper, char = string.byte, string.sub, string.upper, string.char
local concat, insert, remove = table.concat, table.insert, table.remove

local Eliza = {}
Eliza.__index = Eliza

-- Remarks built into Weizenbaum's program (not the script), chosen by LIMIT
-- when a keyword's decomposition rules all fail.
local NOMATCH = { "PLEASE CONTINUE", "HMMM", "GO ON , PLEASE", "I SEE" }

-- Upper bound on keyword transformations (links, PRE, NEWKEY) for one input,
-- so that a script whose links form a cycle cannot hang the bot.
local MAX_STEPS = 1000

---------------------------------------------------------------------------
-- Hollerith (BCD) character set and SLIP's HASH
---------------------------------------------------------------------------

-- 7090 BCD codes 0..63 in order; '~' marks codes with no character.
local BCD_TABLE = "0123456789~='~~~" .. "+ABCDEFGHI~.)~~~" ..
                  "-JKLMNOPQR~$*~~~" .. " /STUVWXYZ~,(~~~"
local BCD = {}
for code = 0, 63 do
    local c = byte(BCD_TABLE, code + 1)
    if c ~= 126 then BCD[c] = code end
end

-- SLIP HASH.(D, N): the middle N bits of the square of the 35-bit magnitude
-- of the 36-bit datum D (the 7094's sign bit is not squared).
local function slip_hash(datum, bits)
    local d = datum & 0x7FFFFFFFF
    d = d * d                                  -- wraps like the 64-bit original
    return (d >> (35 - bits // 2)) & ((1 << bits) - 1)
end

-- The 36-bit BCD datum of the last SLIP cell holding `word`: words longer
-- than six characters spanned several cells; the last one is space padded.
local function last_cell(word)
    local len = #word
    local first = len == 0 and 1 or ((len - 1) // 6) * 6 + 1
    local d, count = 0, 0
    for i = first, len do
        d = (d << 6) | (BCD[byte(word, i)] or BCD[45])
        count = count + 1
    end
    for _ = count + 1, 6 do d = (d << 6) | BCD[32] end
    return d
end

--- SLIP's HASH of a word (its last six-character cell) to `bits` bits.
-- HASH of "ALWAYS" to 7 bits is 14, as stated in the CACM paper.
function Eliza.hash(word, bits)
    return slip_hash(last_cell(word), bits)
end

---------------------------------------------------------------------------
-- Input text → words
---------------------------------------------------------------------------

local SPACE, DASH, PERIOD, QUOTE = 32, 45, 46, 39
local QUOTE_CODEPOINTS = { [0x2018] = QUOTE, [0x2019] = QUOTE }
local BLANK_CODEPOINTS = {
    [0x22] = true, [0x60] = true, [0xAB] = true, [0xBB] = true,
    [0x201A] = true, [0x201B] = true, [0x201C] = true, [0x201D] = true,
    [0x201E] = true, [0x201F] = true, [0x2039] = true, [0x203A] = true,
}

-- One code point → one Hollerith character code (a byte).
local function to_hollerith(cp)
    if QUOTE_CODEPOINTS[cp] then return QUOTE end
    if BLANK_CODEPOINTS[cp] then return SPACE end
    if cp > 127 then return DASH end
    if cp >= 9 and cp <= 13 then return SPACE end  -- tabs and line breaks
    if cp >= 97 and cp <= 122 then cp = cp - 32 end
    if cp == 63 or cp == 33 then return PERIOD end -- '?' and '!'
    if BCD[cp] then return cp end
    return DASH
end

-- The user's text in upper-case Hollerith, as the 7094 would have seen it.
local function filter(text)
    local out = {}
    if utf8.len(text) then
        for _, cp in utf8.codes(text) do out[#out + 1] = to_hollerith(cp) end
    else
        for i = 1, #text do out[#out + 1] = to_hollerith(byte(text, i)) end
    end
    local parts = {}
    for i = 1, #out, 4096 do
        parts[#parts + 1] = char(table.unpack(out, i, math.min(i + 4095, #out)))
    end
    return concat(parts)
end

-- Words separated by spaces; ',' and '.' are words of their own.
local function split(s)
    local words, start = {}, nil
    for i = 1, #s do
        local c = byte(s, i)
        if c == SPACE or c == 44 or c == PERIOD then
            if start then words[#words + 1] = sub(s, start, i - 1); start = nil end
            if c ~= SPACE then words[#words + 1] = char(c) end
        elseif not start then
            start = i
        end
    end
    if start then words[#words + 1] = sub(s, start) end
    return words
end

local function is_delimiter(word)
    return word == "." or word == "," or word == "BUT"
end

local function join(words)
    local out = {}
    for _, w in ipairs(words) do
        if w ~= "" then out[#out + 1] = w end
    end
    return concat(out, " ")
end

---------------------------------------------------------------------------
-- Script tokenizer
---------------------------------------------------------------------------

-- Tokens: { kind = "open" | "close" | "sym" | "num", value, line, first, last }.
local function tokenize(text)
    local tokens, i, n, line = {}, 1, #text, 1
    while i <= n do
        local c = byte(text, i)
        if c == 10 or c == 11 or c == 12 or c == 13 then
            if c == 13 and byte(text, i + 1) == 10 then i = i + 1 end
            line = line + 1
            i = i + 1
        elseif c <= 32 or c == 127 then
            i = i + 1
        elseif c == 59 then                                    -- ';' comment
            while i <= n do
                local d = byte(text, i)
                if d == 10 or d == 11 or d == 12 or d == 13 then break end
                i = i + 1
            end
        elseif c == 40 or c == 41 then                         -- '(' ')'
            tokens[#tokens + 1] = { kind = c == 40 and "open" or "close",
                                    value = char(c), line = line, first = i, last = i }
            i = i + 1
        elseif c == 61 then                                    -- '='
            tokens[#tokens + 1] = { kind = "sym", value = "=", line = line, first = i, last = i }
            i = i + 1
        else
            local j, digits = i, c >= 48 and c <= 57
            while j < n do
                local d = byte(text, j + 1)
                if digits then
                    if d < 48 or d > 57 then break end
                elseif d <= 32 or d == 127 or d == 40 or d == 41 or d == 59 or d == 61 then
                    break
                end
                j = j + 1
            end
            tokens[#tokens + 1] = { kind = digits and "num" or "sym", value = sub(text, i, j),
                                    line = line, first = i, last = j }
            i = j + 1
        end
    end
    tokens[#tokens + 1] = { kind = "eof", value = "end of script", line = line }
    return tokens
end

---------------------------------------------------------------------------
-- Script parser
---------------------------------------------------------------------------

local Parser = {}
Parser.__index = Parser

function Parser:fail(message, token)
    token = token or self.tokens[self.pos]
    error("ELIZA script error on line " .. token.line .. ": " .. message, 0)
end

function Parser:peek() return self.tokens[self.pos] end

function Parser:next()
    local t = self.tokens[self.pos]
    if t.kind ~= "eof" then self.pos = self.pos + 1 end
    return t
end

function Parser:expect(kind, what)
    local t = self:next()
    if t.kind ~= kind then self:fail("expected " .. what .. ", found '" .. t.value .. "'", t) end
    return t
end

function Parser:symbol(what)
    return self:expect("sym", what).value
end

-- The words of a flat list; the opening '(' is already consumed.
function Parser:flat_list()
    local words = {}
    while true do
        local t = self:next()
        if t.kind == "close" then return words end
        if t.kind ~= "sym" and t.kind ~= "num" then
            self:fail("expected a word or ')', found '" .. t.value .. "'", t)
        end
        words[#words + 1] = t.value
    end
end

-- One decomposition element from a token (the token is already consumed).
function Parser:pattern_element(t)
    if t.kind == "num" then return { n = math.tointeger(tonumber(t.value)) } end
    if t.kind == "sym" then return { word = t.value } end
    if t.kind ~= "open" then self:fail("expected a decomposition element, found '" .. t.value .. "'", t) end
    local items = self:flat_list()
    local head = items[1] or ""
    local mark = sub(head, 1, 1)
    if mark ~= "*" and mark ~= "/" then
        self:fail("expected (* WORD ...) or (/TAG ...) in a decomposition rule", t)
    end
    local rest = {}
    if #head > 1 then rest[1] = sub(head, 2) end
    for k = 2, #items do rest[#rest + 1] = items[k] end
    if #rest == 0 then self:fail("empty (" .. mark .. ") in a decomposition rule", t) end
    if mark == "*" then return { any = rest } end
    return { tags = rest }
end

-- Words and component indices of a reassembly (or memory) rule.
local function reassembly_terms(words)
    local terms = {}
    for k, w in ipairs(words) do
        local b = byte(w, 1)
        if b >= 48 and b <= 57 then terms[k] = { index = math.tointeger(tonumber(w)) }
        else terms[k] = { word = w } end
    end
    return terms
end

-- A reassembly rule; the opening '(' is already consumed.
function Parser:reassembly(open)
    if self:peek().kind == "sym" and self:peek().value == "PRE" then
        self:next()
        self:expect("open", "'(' after PRE")
        local terms = reassembly_terms(self:flat_list())
        self:expect("open", "'(=KEYWORD)' in PRE rule")
        local ref = self:flat_list()
        if #ref ~= 2 or ref[1] ~= "=" then self:fail("expected (=KEYWORD) in PRE rule", open) end
        self:expect("close", "')' closing PRE rule")
        return { kind = "pre", terms = terms, key = ref[2], line = open.line }
    end
    local words = self:flat_list()
    if #words == 1 and words[1] == "NEWKEY" then return { kind = "newkey", line = open.line } end
    if #words == 2 and words[1] == "=" then return { kind = "link", key = words[2], line = open.line } end
    return { kind = "text", terms = reassembly_terms(words), line = open.line }
end

-- A decomposition rule with its reassembly rules; the '(' that opens the
-- whole transformation is already consumed.
function Parser:transformation(rule)
    local open = self:expect("open", "'(' opening a decomposition rule")
    local pattern = {}
    while self:peek().kind ~= "close" do
        if self:peek().kind == "eof" then self:fail("expected ')' closing a decomposition rule") end
        pattern[#pattern + 1] = self:pattern_element(self:next())
    end
    self:next()
    if #pattern == 0 then self:fail("decomposition rule cannot be empty", open) end
    local reassemblies = {}
    repeat
        local r = self:expect("open", "'(' opening a reassembly rule")
        reassemblies[#reassemblies + 1] = self:reassembly(r)
    until self:peek().kind ~= "open"
    self:expect("close", "')' closing a transformation")
    local id = rule.keyword .. "." .. (#rule.transformations + 1)
    rule.transformations[#rule.transformations + 1] =
        { id = id, pattern = pattern, reassemblies = reassemblies, line = open.line }
end

function Parser:keyword_rule(first)
    local keyword = first.value
    local rule = { keyword = keyword, rank = 0, tags = {}, transformations = {}, line = first.line }
    if self:peek().kind == "close" then self:fail("keyword '" .. keyword .. "' has no associated body") end
    while true do
        local t = self:next()
        if t.kind == "close" then break end
        if t.kind == "sym" and t.value == "=" then
            rule.substitute = self:symbol("a substitute word after '='")
        elseif t.kind == "num" then
            rule.rank = math.tointeger(tonumber(t.value))
        elseif t.kind == "sym" and t.value == "DLIST" then
            self:expect("open", "'(' after DLIST")
            for _, tag in ipairs(self:flat_list()) do
                if sub(tag, 1, 1) == "/" then tag = sub(tag, 2) end
                if tag ~= "" then rule.tags[#rule.tags + 1] = tag end
            end
        elseif t.kind == "open" then
            local p = self:peek()
            if p.kind == "sym" and p.value == "=" then
                self:next()
                rule.link = self:symbol("a keyword after '='")
                rule.link_line = p.line
                self:expect("close", "')' closing (=KEYWORD)")
                if self:peek().kind ~= "close" then self:fail("(=KEYWORD) must end the rule for '" .. keyword .. "'") end
            else
                self:transformation(rule)
            end
        else
            self:fail("malformed rule for '" .. keyword .. "' at '" .. t.value .. "'", t)
        end
    end
    return rule
end

function Parser:memory_rule(open)
    local keyword = self:symbol("a keyword after MEMORY")
    local transformations = {}
    for k = 1, 4 do
        local o = self:expect("open", "'(' opening MEMORY transformation " .. k)
        local pattern = {}
        while not (self:peek().kind == "sym" and self:peek().value == "=") do
            local t = self:next()
            if t.kind ~= "sym" and t.kind ~= "num" then
                self:fail("expected 'decomposition = reassembly' in MEMORY rule", t)
            end
            pattern[#pattern + 1] = self:pattern_element(t)
        end
        self:next()
        local terms = reassembly_terms(self:flat_list())
        if #pattern == 0 or #terms == 0 then
            self:fail("expected 'decomposition = reassembly' in MEMORY rule", o)
        end
        transformations[k] = { pattern = pattern, reassemblies = { { kind = "text", terms = terms, line = o.line } },
                               line = o.line }
    end
    self:expect("close", "')' closing the MEMORY rule (it has exactly four transformations)")
    return { keyword = keyword, transformations = transformations, line = open.line }
end

local function check_indices(transformation, fail)
    for _, r in ipairs(transformation.reassemblies) do
        for _, term in ipairs(r.terms or {}) do
            if term.index and (term.index < 1 or term.index > #transformation.pattern) then
                fail("reassembly refers to part " .. term.index .. " but the decomposition rule has "
                     .. #transformation.pattern .. " parts", r.line)
            end
        end
    end
end

-- The opening remark as written (ELIZA printed it verbatim): the spacing
-- within a line is kept, each line break becomes one space.
local function opening_text(raw)
    local pieces, start = {}, 1
    for i = 1, #raw + 1 do
        local c = byte(raw, i)
        if c == nil or c == 10 or c == 13 then
            local first, last = start, i - 1
            while first <= last and byte(raw, first) <= 32 do first = first + 1 end
            while last >= first and byte(raw, last) <= 32 do last = last - 1 end
            if first <= last then pieces[#pieces + 1] = sub(raw, first, last) end
            start = i + 1
        end
    end
    return concat(pieces, " ")
end

--- Parses an ELIZA script; raises "ELIZA script error on line N: ..." on error.
-- Returns { opening, rules = { [KEYWORD] = rule }, none, memory, tags }.
function Eliza.parse(text)
    if type(text) ~= "string" then error("Eliza.parse: expected the script text (a string), got " .. type(text), 2) end
    local p = setmetatable({ tokens = tokenize(text), pos = 1 }, Parser)
    local fail = function(message, line)
        error("ELIZA script error on line " .. line .. ": " .. message, 0)
    end

    local open = p:expect("open", "'(' opening the opening remark")
    local depth, close = 1, nil
    while depth > 0 do
        local t = p:next()
        if t.kind == "eof" then p:fail("expected ')' closing the opening remark") end
        if t.kind == "open" then depth = depth + 1 elseif t.kind == "close" then depth = depth - 1 end
        close = t
    end
    local script = { rules = {}, tags = {}, opening = opening_text(sub(text, open.last + 1, close.first - 1)) }

    if p:peek().kind == "sym" and p:peek().value == "START" then p:next() end

    while p:peek().kind ~= "eof" do
        local o = p:expect("open", "'(' opening a rule")
        local head = p:next()
        if head.kind == "close" then
            -- the empty list that ends Weizenbaum's script
        elseif head.kind ~= "sym" then
            p:fail("expected a keyword, MEMORY or NONE, found '" .. head.value .. "'", head)
        elseif head.value == "MEMORY" then
            if script.memory then p:fail("more than one MEMORY rule", head) end
            script.memory = p:memory_rule(o)
        else
            local rule = p:keyword_rule(head)
            if head.value == "NONE" then
                if script.none then p:fail("more than one NONE rule", head) end
                if #rule.transformations == 0 then p:fail("the NONE rule needs a decomposition rule", head) end
                script.none = rule
            else
                if script.rules[rule.keyword] then p:fail("keyword rule already specified for '" .. rule.keyword .. "'", head) end
                script.rules[rule.keyword] = rule
            end
        end
    end

    local last = p:peek().line
    if not script.none then fail("no NONE rule (see CACM 1966, page 41)", last) end
    if not script.memory then fail("no MEMORY rule (see CACM 1966, page 41)", last) end
    if not script.rules[script.memory.keyword] then
        fail("MEMORY keyword '" .. script.memory.keyword .. "' has no keyword rule of its own", script.memory.line)
    end

    local function check_key(key, line)
        if not script.rules[key] then fail("reference to unknown keyword '" .. key .. "'", line) end
    end
    local function check_rule(rule)
        if rule.link then check_key(rule.link, rule.link_line) end
        for _, t in ipairs(rule.transformations) do
            check_indices(t, fail)
            for _, r in ipairs(t.reassemblies) do
                if r.kind == "link" or r.kind == "pre" then check_key(r.key, r.line) end
            end
        end
    end
    for _, rule in pairs(script.rules) do
        check_rule(rule)
        for _, tag in ipairs(rule.tags) do
            local set = script.tags[tag] or {}
            set[rule.keyword] = true
            script.tags[tag] = set
        end
    end
    check_rule(script.none)
    for _, t in ipairs(script.memory.transformations) do check_indices(t, fail) end
    script.parsed = true
    return script
end

---------------------------------------------------------------------------
-- Matching and reassembly
---------------------------------------------------------------------------

-- (* A B ...): the original compared the word's first six characters with
-- every six-character machine word of each alternative.
local function in_alternatives(word, alternatives)
    local w6 = sub(word, 1, 6)
    for _, alt in ipairs(alternatives) do
        for i = 1, #alt, 6 do
            if sub(alt, i, i + 5) == w6 then return true end
        end
    end
    return false
end

local function has_tag(word, tags, tagmap)
    for _, tag in ipairs(tags) do
        local set = tagmap[tag]
        if set and set[word] then return true end
    end
    return false
end

-- Matches pattern[pi..] against words[wi..]; records each element's word
-- range in parts. A 0 matches as few words as possible (leftmost first).
local function match_from(pattern, pi, words, wi, parts, tagmap)
    local e = pattern[pi]
    if e == nil then return wi > #words end
    if e.n then
        if e.n == 0 then
            if pi == #pattern then
                parts[pi] = { wi, #words }
                return true
            end
            for last = wi - 1, #words do
                parts[pi] = { wi, last }
                if match_from(pattern, pi + 1, words, last + 1, parts, tagmap) then return true end
            end
            return false
        end
        local last = wi + e.n - 1
        if last > #words then return false end
        parts[pi] = { wi, last }
        return match_from(pattern, pi + 1, words, last + 1, parts, tagmap)
    end
    local w = words[wi]
    if w == nil then return false end
    if e.word then
        if w ~= e.word then return false end
    elseif e.any then
        if not in_alternatives(w, e.any) then return false end
    elseif not has_tag(w, e.tags, tagmap) then
        return false
    end
    parts[pi] = { wi, wi }
    return match_from(pattern, pi + 1, words, wi + 1, parts, tagmap)
end

local function match(pattern, words, tagmap)
    local parts = {}
    if match_from(pattern, 1, words, 1, parts, tagmap) then return parts end
    return nil
end

local function reassemble(terms, words, parts)
    local out = {}
    for _, term in ipairs(terms) do
        if term.word then
            out[#out + 1] = term.word
        else
            local range = parts[term.index]
            for i = range[1], range[2] do out[#out + 1] = words[i] end
        end
    end
    return out
end

---------------------------------------------------------------------------
-- The conversation engine
---------------------------------------------------------------------------

--- A new conversation on `script` (script text or a result of Eliza.parse),
-- optionally continuing from `state` (a table from e:state()).
function Eliza.new(script, state)
    if type(script) == "string" then script = Eliza.parse(script) end
    if type(script) ~= "table" or not script.parsed then
        error("Eliza.new: expected script text or a parsed script", 2)
    end
    local e = setmetatable({ script = script, limit = 1, memories = {}, cursor = {} }, Eliza)
    if state ~= nil then e:restore(state) end
    return e
end

--- The script's opening remark, e.g. "HOW DO YOU DO.  PLEASE TELL ME YOUR PROBLEM".
function Eliza:opening()
    return self.script.opening
end

-- Every transformation whose reassembly cycle is part of the state.
function Eliza:each_transformation(visit)
    local keys = {}
    for k in pairs(self.script.rules) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do
        for _, t in ipairs(self.script.rules[k].transformations) do visit(t) end
    end
    for _, t in ipairs(self.script.none.transformations) do visit(t) end
end

--- The conversation state as a flat table of strings and numbers: LIMIT, the
-- memory queue and where each decomposition rule is in its reassembly cycle.
function Eliza:state()
    local s = { ["limit"] = self.limit, ["memory.count"] = #self.memories }
    for i, m in ipairs(self.memories) do s["memory." .. i] = m end
    self:each_transformation(function(t)
        local next_index = self.cursor[t.id]
        if next_index and next_index ~= 1 then s["next." .. t.id] = next_index end
    end)
    return s
end

local function integer_in(value, low, high)
    local n = math.tointeger(value)
    if n and n >= low and n <= high then return n end
    return nil
end

-- Adopts a saved state; entries that do not fit this script are ignored.
function Eliza:restore(state)
    if type(state) ~= "table" then
        error("Eliza.new: state must be a table from e:state(), got a " .. type(state)
              .. " (require returns two values: write Eliza.new((require(\"eliza.doctor\"))))", 3)
    end
    self.limit = integer_in(state["limit"], 1, 4) or 1
    local count = integer_in(state["memory.count"], 0, math.maxinteger) or 0
    for i = 1, count do
        local m = state["memory." .. i]
        if type(m) ~= "string" then break end
        self.memories[#self.memories + 1] = m
    end
    self:each_transformation(function(t)
        local n = integer_in(state["next." .. t.id], 1, #t.reassemblies)
        if n then self.cursor[t.id] = n end
    end)
end

-- Applies the first matching decomposition rule of `rule`.
-- Returns "complete", words | "newkey" | "link", key, words | "inapplicable".
function Eliza:transform(rule, words)
    local tagmap = self.script.tags
    for _, t in ipairs(rule.transformations) do
        local parts = match(t.pattern, words, tagmap)
        if parts then
            local index = self.cursor[t.id] or 1
            self.cursor[t.id] = index % #t.reassemblies + 1
            local r = t.reassemblies[index]
            if r.kind == "newkey" then return "newkey" end
            if r.kind == "link" then return "link", r.key, words end
            if r.kind == "pre" then return "link", r.key, reassemble(r.terms, words, parts) end
            return "complete", reassemble(r.terms, words, parts)
        end
    end
    if rule.link then return "link", rule.link, words end
    return "inapplicable"
end

-- Queues a memory made by the MEMORY transformation HASH selects.
function Eliza:remember(words)
    if #words == 0 then return end
    local memory = self.script.memory
    local t = memory.transformations[Eliza.hash(words[#words], 2) + 1]
    local parts = match(t.pattern, words, self.script.tags)
    if parts then
        self.memories[#self.memories + 1] = join(reassemble(t.reassemblies[1].terms, words, parts))
    end
end

--- ELIZA's reply to one line of user input (upper case, as in 1966).
function Eliza:respond(input)
    if type(input) ~= "string" then input = tostring(input) end
    local rules = self.script.rules
    local words = split(filter(input))
    self.limit = self.limit % 4 + 1

    -- scan for keywords, build the keystack, apply substitutions
    local keystack, top_rank, i = {}, 0, 1
    while i <= #words do
        local w = words[i]
        if is_delimiter(w) then
            if #keystack == 0 then
                local rest = {}
                for k = i + 1, #words do rest[#rest + 1] = words[k] end
                words, i = rest, 1
            else
                for k = #words, i, -1 do words[k] = nil end
                break
            end
        else
            local rule = rules[w]
            if rule then
                if #rule.transformations > 0 or rule.link then
                    if rule.rank > top_rank then
                        insert(keystack, 1, w)
                        top_rank = rule.rank
                    else
                        keystack[#keystack + 1] = w
                    end
                end
                if rule.substitute then words[i] = rule.substitute end
            end
            i = i + 1
        end
    end

    if #keystack == 0 and self.limit == 4 and #self.memories > 0 then
        return remove(self.memories, 1)
    end

    local steps = 0
    while #keystack > 0 do
        steps = steps + 1
        if steps > MAX_STEPS then return NOMATCH[self.limit] end
        local key = remove(keystack, 1)
        local rule = rules[key]
        if not rule then return NOMATCH[self.limit] end
        if key == self.script.memory.keyword then self:remember(words) end
        local action, a, b = self:transform(rule, words)
        if action == "complete" then return join(a) end
        if action == "inapplicable" then return NOMATCH[self.limit] end
        if action == "link" then
            insert(keystack, 1, a)
            words = b
        end
        -- "newkey": carry on with the next keyword, if any
    end

    local action, reply = self:transform(self.script.none, words)
    if action == "complete" then return join(reply) end
    return NOMATCH[self.limit]
end

return Eliza
