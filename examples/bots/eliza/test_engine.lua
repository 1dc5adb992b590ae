-- Stand-alone tests for the ELIZA engine, the DOCTOR script and the bot file.
-- Run from examples/bots:  lua5.4 eliza/test_engine.lua
-- Prints every failure, then "N passed, N failed"; exits non-zero on failure.
-- It runs under plain Lua 5.4 (lua5.4), not in the Banter sandbox:
-- luacheck: std lua54

local base = (arg and arg[0] or ""):match("^(.-)eliza[/\\]test_engine%.lua$") or ""
package.path = base .. "?.lua;" .. package.path

local Eliza = require("eliza.engine")
local doctor_text = require("eliza.doctor")

local passed, failed = 0, 0

local function check(name, got, want)
    if got == want then
        passed = passed + 1
    else
        failed = failed + 1
        print(("FAIL %s\n  got:  %s\n  want: %s"):format(name, tostring(got), tostring(want)))
    end
end

local function check_error(name, fn, fragment)
    local ok, err = pcall(fn)
    if ok then
        check(name, "no error", "error containing " .. fragment)
    else
        check(name, tostring(err):find(fragment, 1, true) ~= nil and fragment or tostring(err), fragment)
    end
end

-- Runs a list of { input, expected reply } pairs through one engine.
local function conversation(name, e, exchanges)
    for i, x in ipairs(exchanges) do
        check(("%s #%d %q"):format(name, i, x[1]), e:respond(x[1]), x[2])
    end
end

local function fresh() return Eliza.new(doctor_text) end

-- The conversation printed in Weizenbaum's CACM paper (January 1966, p. 36).
local CACM = {
    { "Men are all alike.", "IN WHAT WAY" },
    { "They're always bugging us about something or other.", "CAN YOU THINK OF A SPECIFIC EXAMPLE" },
    { "Well, my boyfriend made me come here.", "YOUR BOYFRIEND MADE YOU COME HERE" },
    { "He says I'm depressed much of the time.", "I AM SORRY TO HEAR YOU ARE DEPRESSED" },
    { "It's true. I am unhappy.", "DO YOU THINK COMING HERE WILL HELP YOU NOT TO BE UNHAPPY" },
    { "I need some help, that much seems certain.", "WHAT WOULD IT MEAN TO YOU IF YOU GOT SOME HELP" },
    { "Perhaps I could learn to get along with my mother.", "TELL ME MORE ABOUT YOUR FAMILY" },
    { "My mother takes care of me.", "WHO ELSE IN YOUR FAMILY TAKES CARE OF YOU" },
    { "My father.", "YOUR FATHER" },
    { "You are like my father in some ways.", "WHAT RESEMBLANCE DO YOU SEE" },
    { "You are not very aggressive but I think you don't want me to notice that.",
      "WHAT MAKES YOU THINK I AM NOT VERY AGGRESSIVE" },
    { "You don't argue with me.", "WHY DO YOU THINK I DON'T ARGUE WITH YOU" },
    { "You are afraid of me.", "DOES IT PLEASE YOU TO BELIEVE I AM AFRAID OF YOU" },
    { "My father is afraid of everybody.", "WHAT ELSE COMES TO MIND WHEN YOU THINK OF YOUR FATHER" },
    { "Bullies.", "DOES THAT HAVE ANYTHING TO DO WITH THE FACT THAT YOUR BOYFRIEND MADE YOU COME HERE" },
}

local NONE = {
    "I AM NOT SURE I UNDERSTAND YOU FULLY", "PLEASE GO ON",
    "WHAT DOES THAT SUGGEST TO YOU", "DO YOU FEEL STRONGLY ABOUT DISCUSSING SUCH THINGS",
}

---------------------------------------------------------------------------
-- Parsing the DOCTOR script
---------------------------------------------------------------------------
do
    local s = Eliza.parse(doctor_text)
    local rules, on_keystack, substitution_only, dlist_only = 0, 0, 0, 0
    for _, r in pairs(s.rules) do
        rules = rules + 1
        local active = #r.transformations > 0 or r.link ~= nil
        if active then on_keystack = on_keystack + 1
        elseif r.substitute then substitution_only = substitution_only + 1
        else dlist_only = dlist_only + 1 end
    end
    check("keyword rules (NONE and MEMORY apart)", rules, 66)
    check("keywords that trigger transformations", on_keystack, 48)
    check("substitution-only keywords (DONT = DON'T ...)", substitution_only, 8)
    check("DLIST-only keywords (FEEL DLIST(/BELIEF) ...)", dlist_only, 10)
    check("opening remark", Eliza.new(s):opening(), "HOW DO YOU DO.  PLEASE TELL ME YOUR PROBLEM")
    check("MEMORY keyword", s.memory.keyword, "MY")
    check("MEMORY transformations", #s.memory.transformations, 4)
    check("NONE remarks", #s.none.transformations[1].reassemblies, 4)
    check("rank of COMPUTER", s.rules.COMPUTER.rank, 50)
    check("rank of NAME", s.rules.NAME.rank, 15)
    check("I substitutes YOU", s.rules.I.substitute, "YOU")
    check("DREAMED = DREAMT 4 (=DREAMT)", s.rules.DREAMED.substitute .. " " .. s.rules.DREAMED.rank
          .. " " .. s.rules.DREAMED.link, "DREAMT 4 DREAMT")
    check("(= EVERYONE) with a space", s.rules.NOBODY.link, "EVERYONE")
    check("WHY ends with a class reference", s.rules.WHY.link, "WHAT")
    check("I has 12 decomposition rules", #s.rules.I.transformations, 12)
    local function members(tag)
        local list = {}
        for k in pairs(s.tags[tag] or {}) do list[#list + 1] = k end
        table.sort(list)
        return table.concat(list, " ")
    end
    check("tag BELIEF", members("BELIEF"), "BELIEVE FEEL THINK WISH")
    check("tag FAMILY", members("FAMILY"), "BROTHER CHILDREN DAD FATHER MOM MOTHER SISTER WIFE")
    check("tag NOUN", members("NOUN"), "FATHER MOTHER")
    local p = s.rules.I.transformations[2].pattern[5]
    check("(*SAD UNHAPPY DEPRESSED SICK ) alternatives", table.concat(p.any, " "), "SAD UNHAPPY DEPRESSED SICK")
    local pre = s.rules["YOU'RE"].transformations[1].reassemblies[1]
    check("PRE rule", pre.kind .. " " .. pre.key, "pre YOU")
end

---------------------------------------------------------------------------
-- The published conversation, exactly
---------------------------------------------------------------------------
conversation("CACM 1966", fresh(), CACM)

---------------------------------------------------------------------------
-- Algorithm details
---------------------------------------------------------------------------
check("hash ALWAYS (CACM p. 38)", Eliza.hash("ALWAYS", 7), 14)
check("hash HERE selects the 4th MEMORY rule", Eliza.hash("HERE", 2), 3)
check("hash uses the last 6-character cell", Eliza.hash("INVENTED", 2), Eliza.hash("ED", 2))

-- substitutions: I/YOU, ME/YOU, MY/YOUR, YOUR/MY, MYSELF/YOURSELF, DONT/DON'T
check("YOU->I, ME->YOU", fresh():respond("You hate me"), "WHY DO YOU THINK I HATE YOU")
check("MY->YOUR", fresh():respond("My car is red"), "YOUR CAR IS RED")
check("I->YOU, MYSELF->YOURSELF", fresh():respond("I hurt myself"), "YOU SAY YOU HURT YOURSELF")
check("YOUR->MY", fresh():respond("Your eyes are green"), "WHY ARE YOU CONCERNED OVER MY EYES ARE GREEN")
check("DONT->DON'T", fresh():respond("I dont know"), "DON'T YOU REALLY KNOW")
check("MOM->MOTHER and (/FAMILY)", fresh():respond("My mom hates me"), "TELL ME MORE ABOUT YOUR FAMILY")

-- ranks: the highest goes first; equal ranks keep their order of appearance
do
    local e = fresh()
    check("COMPUTER (50) beats MY (2)", e:respond("My computer is slow"), "DO COMPUTERS WORRY YOU")
    check("MY never reached: no memory", e:state()["memory.count"], 0)
    check("EVERYBODY (2) before MY (2), via (= EVERYONE)", fresh():respond("Everybody hates my dog"),
          "REALLY, EVERYBODY")
    check("NAME (15) beats I", fresh():respond("I told you my name"), "I AM NOT INTERESTED IN NAMES")
end

-- links
check("HOW (=WHAT)", fresh():respond("How are you"), "WHY DO YOU ASK")
check("WHY falls through to (=WHAT)", fresh():respond("Why is the sky blue"), "WHY DO YOU ASK")
check("MAYBE (=PERHAPS)", fresh():respond("Maybe"), "YOU DON'T SEEM QUITE CERTAIN")
check("DLIST match then (=YOU)", fresh():respond("I feel that you hate me"), "WHY DO YOU THINK I HATE YOU")
check("PRE (I ARE 3) (=YOU)", fresh():respond("You're mad"), "WHAT MAKES YOU THINK I AM MAD")
check("PRE (YOU ARE 3) (=I)", fresh():respond("I'm sick"), "I AM SORRY TO HEAR YOU ARE SICK")

-- DLIST (/BELIEF) matching and cycling within one decomposition rule
do
    local e = fresh()
    check("(0 YOU (/BELIEF) YOU 0) first", e:respond("I think I am clever"), "DO YOU REALLY THINK SO")
    check("(0 YOU (/BELIEF) YOU 0) second", e:respond("I believe I am clever"),
          "BUT YOU ARE NOT SURE YOU ARE CLEVER")
    check("(0 YOU (/BELIEF) YOU 0) third", e:respond("I feel I am rich"), "DO YOU REALLY DOUBT YOU ARE RICH")
    check("(0 YOU (/BELIEF) YOU 0) wraps", e:respond("I wish I knew"), "DO YOU REALLY THINK SO")
end

-- NEWKEY
check("LIKE (0) NEWKEY -> next keyword I", fresh():respond("I like cheese"), "YOU SAY YOU LIKE CHEESE")
check("NEWKEY with empty keystack -> NONE", fresh():respond("Like cheese"), NONE[1])

-- a keyword whose decomposition rules all fail: built-in remark chosen by LIMIT
do
    local e = fresh()
    check("built-in remark, LIMIT 2", e:respond("Can pigs fly"), "HMMM")
    check("built-in remark, LIMIT 3", e:respond("Can pigs fly"), "GO ON , PLEASE")
end

-- NONE cycles in order; no memory exists so LIMIT 4 also gives NONE
do
    local e = fresh()
    for round = 1, 2 do
        for i = 1, 4 do check(("NONE cycle %d.%d"):format(round, i), e:respond("Bah."), NONE[i]) end
    end
end

-- the memory queue: made when MY is the top keyword, recalled first in first
-- out, only for an input without keywords while LIMIT is 4
do
    local e = fresh()
    check("memory made (KIDS)", e:respond("My wife wants kids."), "TELL ME MORE ABOUT YOUR FAMILY")
    check("memory made (TIME)", e:respond("My father talks about it all the time."),
          "WHO ELSE IN YOUR FAMILY TALKS ABOUT IT ALL THE TIME")
    check("LIMIT 4: oldest memory", e:respond("Hmm."), "EARLIER YOU SAID YOUR WIFE WANTS KIDS")
    check("LIMIT 1: NONE despite a memory", e:respond("Hmm."), NONE[1])
    check("LIMIT 2: NONE", e:respond("Hmm."), NONE[2])
    check("LIMIT 3: NONE", e:respond("Hmm."), NONE[3])
    check("LIMIT 4: next memory", e:respond("Hmm."),
          "LETS DISCUSS FURTHER WHY YOUR FATHER TALKS ABOUT IT ALL THE TIME")
    check("queue now empty", e:state()["memory.count"], 0)
end

-- delimiters: before a keyword the clause is dropped, after one the rest is
check("comma after keyword ends the text", fresh():respond("Hello there, my dog is sick"),
      "HOW DO YOU DO. PLEASE STATE YOUR PROBLEM")
check("period before keyword drops the clause", fresh():respond("The weather is fine. I am sad."),
      "I AM SORRY TO HEAR YOU ARE SAD")
check("BUT is a delimiter", fresh():respond("Nothing here but my dog"), "YOUR DOG")
check("'?' is a period", fresh():respond("Why? I am sad"), "WHY DO YOU ASK")
check("'!' is a period", fresh():respond("Oh! My dog"), "YOUR DOG")

-- input in the Hollerith character set
check("lower case and a curly apostrophe", fresh():respond("i\u{2019}m sad"), "I AM SORRY TO HEAR YOU ARE SAD")
check("line breaks are spaces", fresh():respond("my\ncat"), "YOUR CAT")
check("non-Hollerith characters become '-'", fresh():respond("my caf\u{E9}; ok"), "YOUR CAF-- OK")
check("invalid UTF-8 does not fail", fresh():respond("my \xff cat"), "YOUR - CAT")
check("(* ...) compares six-character cells", fresh():respond("I am depressing"),
      "I AM SORRY TO HEAR YOU ARE DEPRESSING")
check("(* ...) matches a later cell (UNHAPP'Y)", fresh():respond("I am y"), "I AM SORRY TO HEAR YOU ARE Y")

---------------------------------------------------------------------------
-- State export and import
---------------------------------------------------------------------------
do
    local a = fresh()
    for i = 1, 9 do a:respond(CACM[i][1]) end
    local state = a:state()
    local flat = true
    for k, v in pairs(state) do
        if type(k) ~= "string" or (type(v) ~= "string" and type(v) ~= "number") then flat = false end
    end
    check("state is a flat table of strings and numbers", flat, true)
    check("state keeps the memory queue", state["memory.1"], "DOES THAT HAVE ANYTHING TO DO WITH THE FACT THAT YOUR BOYFRIEND MADE YOU COME HERE")
    -- a store might give numbers back as floats
    local stored = {}
    for k, v in pairs(state) do stored[k] = type(v) == "number" and v + 0.0 or v end
    local b = Eliza.new(doctor_text, stored)
    for i = 10, #CACM do
        local x = CACM[i]
        local from_a, from_b = a:respond(x[1]), b:respond(x[1])
        check("restored engine continues the CACM conversation #" .. i, from_b, x[2])
        check("restored engine agrees with the original #" .. i, from_b, from_a)
    end
    -- cycles continue too: DIT has been used twice, NONE not at all
    local c = Eliza.new(Eliza.parse(doctor_text), a:state())
    check("restored DIT cycle", c:respond("Men are alike"), "WHAT DOES THAT SIMILARITY SUGGEST TO YOU")
    check("a huge memory count is bounded by the entries present",
          Eliza.new(doctor_text, { ["memory.count"] = math.maxinteger, ["memory.1"] = "REMEMBERED" }):state()["memory.count"], 1)
    check("entries that do not fit are ignored",
          Eliza.new(doctor_text, { limit = 9, ["memory.count"] = "x", ["next.DIT.1"] = 99 }):respond("alike"),
          "IN WHAT WAY")
end

---------------------------------------------------------------------------
-- Script errors
---------------------------------------------------------------------------
local MINIMAL = "(HI)\n(NONE ((0) (OK)))\n(MEMORY K (0 = A 1) (0 = B) (0 = C) (0 = D))\n(K ((0) (YES)))\n"
check("minimal script parses", Eliza.new(MINIMAL):respond("k"), "YES")
check_error("unclosed rule names its line", function() Eliza.parse("(HI)\n\n(NONE ((0) (OK))") end, "line 3")
check_error("missing NONE", function() Eliza.parse("(HI)\n(MEMORY K (0 = A) (0 = B) (0 = C) (0 = D))\n(K ((0) (YES)))") end,
            "no NONE rule")
check_error("missing MEMORY", function() Eliza.parse("(HI)\n(NONE ((0) (OK)))") end, "no MEMORY rule")
check_error("unknown link", function() Eliza.parse(MINIMAL .. "(J (=NOWHERE))") end, "line 5: reference to unknown keyword 'NOWHERE'")
check_error("index beyond the decomposition", function() Eliza.parse(MINIMAL .. "(J\n ((0 J 0)\n (WHY 4)))") end,
            "line 7: reassembly refers to part 4")
check_error("duplicate keyword", function() Eliza.parse(MINIMAL .. "(K = L)") end, "already specified for 'K'")
check_error("keyword without body", function() Eliza.parse(MINIMAL .. "(J)") end, "has no associated body")
check_error("MEMORY needs four rules", function() Eliza.parse("(HI)\n(MEMORY K (0 = A))") end, "line 2")

---------------------------------------------------------------------------
-- Sandbox fitness: the modules run with only what bot scripts get
---------------------------------------------------------------------------
local function sandbox_env(extra)
    local env = {
        string = string, table = table, math = math, utf8 = utf8,
        assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, pcall = pcall,
        select = select, setmetatable = setmetatable, getmetatable = getmetatable,
        tonumber = tonumber, tostring = tostring, type = type, rawequal = rawequal,
        rawget = rawget, rawlen = rawlen, rawset = rawset,
    }
    for k, v in pairs(extra or {}) do env[k] = v end
    return setmetatable(env, {
        __index = function(_, k) error("read of undefined global '" .. tostring(k) .. "'", 2) end,
        __newindex = function(_, k) error("write to global '" .. tostring(k) .. "'", 2) end,
    })
end

local function library_snapshot()
    local keys = {}
    for _, name in ipairs({ "string", "table", "math", "utf8" }) do
        for k, v in pairs(_G[name]) do keys[#keys + 1] = name .. "." .. k .. "=" .. tostring(v) end
    end
    table.sort(keys)
    return table.concat(keys, "\n")
end

do
    local before = library_snapshot()
    local modules = {}
    local function sandbox_require(name)
        if modules[name] then return modules[name] end
        local path = base .. name:gsub("%.", "/") .. ".lua"
        local chunk = assert(loadfile(path, "t", sandbox_env({ require = sandbox_require })))
        modules[name] = chunk()
        return modules[name]
    end
    local ok, err = pcall(function()
        local E = sandbox_require("eliza.engine")
        local e = E.new(sandbox_require("eliza.doctor"))
        for _, x in ipairs(CACM) do
            if e:respond(x[1]) ~= x[2] then error("sandboxed reply differs for " .. x[1]) end
        end
        E.new(sandbox_require("eliza.doctor"), e:state()):respond("I feel odd, but fine")
    end)
    check("engine runs in a sandbox without io/os/debug/load/package or globals", ok and "ok" or err, "ok")
    check("library tables unchanged", library_snapshot(), before)

    -- the bot file itself, on a stand-in for the runtime's API, restarted
    -- half-way through the conversation
    local memory, replies = {}, {}
    local function load_bot()
        local handlers = {}
        local chunk = assert(loadfile(base .. "eliza.lua", "t", sandbox_env({
            require = sandbox_require,
            bot = function(spec) handlers.spec = spec end,
            on_open = function(f) handlers.open = f end,
            on_message = function(f) handlers.message = f end,
        })))
        chunk()
        return handlers
    end
    local chat = { memory = memory, reply = function(_, text) replies[#replies + 1] = text end }
    local ok2, err2 = pcall(function()
        local h = load_bot()
        check("bot name", h.spec.name, "ELIZA")
        h.open(chat)
        check("bot greets with the opening remark", replies[1], "HOW DO YOU DO.  PLEASE TELL ME YOUR PROBLEM")
        for i = 1, 7 do h.message({ text = CACM[i][1] }, chat) end
        h = load_bot()
        h.open(chat)
        for i = 8, #CACM do h.message({ text = CACM[i][1] }, chat) end
    end)
    check("bot file runs", ok2 and "ok" or err2, "ok")
    check("bot does not greet again after a restart", #replies, 1 + #CACM)
    for i, x in ipairs(CACM) do check("bot reply #" .. i, replies[i + 1], x[2]) end
end

print(("%d passed, %d failed"):format(passed, failed))
os.exit(failed == 0 and 0 or 1)
