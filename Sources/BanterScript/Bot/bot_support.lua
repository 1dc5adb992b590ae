local host = ...
local error, type, tostring, pairs, next = error, type, tostring, pairs, next
local find_case, check_pattern = host.find_case, host.check_pattern
local prepare_reply, send, show_typing, mark, wait, ask, now =
  host.prepare_reply, host.send, host.typing, host.mark, host.wait, host.ask, host.now
local react, unreact, edit, delete = host.react, host.unreact, host.edit, host.delete
local complete, history = host.complete, host.history
-- trace(kind, index, captures...) tells the host which handler runs, only while
-- control.tracing (set by the host when someone listens): untraced dispatch costs one
-- field read and no call into the host.
local trace = host.trace
-- debug_enter(kind, index, pattern) and debug_reply(text) let the host's debugger pause
-- before a handler or a reply, only while control.debugging (set by the host when a
-- breakpoint needs them).
local debug_enter, debug_reply = host.debug_enter, host.debug_reply
local participants, participant = host.participants, host.participant
local setmetatable = setmetatable
local control = { tracing = false, debugging = false }

-- Who wrote a message that names no participant: the user, the other side of a two-party
-- conversation, or Banter (a group's participants come from the host by name).
local senders = {
  me = { name = "you", initial = "Y", kind = "you", is_bot = false },
  them = { name = "them", initial = "T", kind = "bot", is_bot = true },
  system = { name = "Banter", initial = "B", kind = "system", is_bot = false },
}

-- The table handlers receive as `msg` (and chat:reply returns): text, id, at, from, sender,
-- the fields of its kinds (attachment, quote, reactions, edited, deleted, participant) when
-- it has any, and the names it mentions as @Name when it has an @ (`mentions`, from the host
-- with the other fields: looking for an @ here cost a call into C for every message).
local function as_message(text, id, at, from, kinds)
  local msg = { text = text, id = id, at = at, from = from, sender = senders[from] }
  if kinds ~= nil then
    for key, value in next, kinds do msg[key] = value end
    if msg.participant ~= nil then msg.sender = participant(msg.participant) end
  end
  return msg
end
-- What chat:ask returns: the answer's text and message (with the button, when a pick
-- answered), or nothing after its timeout.
local function answered(text, id, at, from, kinds, press)
  if text == nil then return end
  local msg = as_message(text, id, at, from, kinds)
  msg.button = press
  return text, msg
end

local on_open, on_message, patterns, fallback = {}, {}, {}, nil
local on_reaction, on_edit, on_delete, on_button = {}, {}, {}, {}
local loading = true

local function declaring(name, handler)
  if not loading then error(name .. ": handlers can only be declared while the script loads", 3) end
  if type(handler) ~= "function" then
    error(name .. ": the handler must be a function, got " .. type(handler), 3)
  end
end

local api = {}
function api.on(pattern, handler, options)
  if type(pattern) ~= "string" then
    error("on: the pattern must be a string (a Lua pattern), got " .. type(pattern), 2)
  end
  declaring("on", handler)
  local ignore_case = false
  if options ~= nil then
    if type(options) ~= "table" then error("on: options must be a table, got " .. type(options), 2) end
    for key, value in pairs(options) do
      if key ~= "ignore_case" then
        error("on: unknown option '" .. tostring(key) .. "' (known: ignore_case)", 2)
      end
      ignore_case = value and true or false
    end
  end
  local ok, captures = pcall(check_pattern, pattern) -- on success, how many captures it has
  if not ok then error("on: bad pattern \"" .. pattern .. "\": " .. tostring(captures), 2) end
  patterns[#patterns + 1] = { pattern = pattern, ignore_case = ignore_case, handler = handler, captures = captures }
end
-- on_button(handler) or on_button(pattern, handler): a picked button by its payload.
function api.on_button(pattern, handler)
  if handler == nil and type(pattern) == "function" then pattern, handler = nil, pattern end
  if pattern ~= nil and type(pattern) ~= "string" then
    error("on_button: the pattern must be a string (a Lua pattern), got " .. type(pattern), 2)
  end
  declaring("on_button", handler)
  if pattern ~= nil then
    local ok, problem = pcall(check_pattern, pattern)
    if not ok then error("on_button: bad pattern \"" .. pattern .. "\": " .. tostring(problem), 2) end
  end
  on_button[#on_button + 1] = { pattern = pattern, handler = handler }
end
-- The handlers every event of a kind runs, in the order declared.
local handler_lists = {
  on_message = on_message, on_open = on_open, on_reaction = on_reaction, on_edit = on_edit, on_delete = on_delete,
}
for name, list in pairs(handler_lists) do
  api[name] = function(handler)
    declaring(name, handler)
    list[#list + 1] = handler
  end
end
function api.fallback(handler)
  declaring("fallback", handler)
  if fallback then error("fallback: already declared (a bot has one fallback)", 2) end
  fallback = handler
end

-- chat.participants is read from the host each time: who is in the group changes.
local chat = setmetatable({ memory = {} }, {
  __index = function(_, key) if key == "participants" then return participants() end end,
})
function chat:reply(text, options)
  if control.debugging then debug_reply(text) end
  if options ~= nil then -- checks before waiting; without options send checks it all
    local after, typing_for = prepare_reply(text, options)
    if after then wait(after) end
    if typing_for then
      show_typing(typing_for)
      wait(typing_for)
    end
  end
  return as_message(send(text, options))
end
function chat:react(msg, emoji) react(msg, emoji) end
function chat:unreact(msg, emoji) unreact(msg, emoji) end
function chat:edit(msg, text) return as_message(edit(msg, text)) end
function chat:delete(msg) return as_message(delete(msg)) end
function chat:typing(duration) show_typing(duration) end
function chat:mark(status) mark(status) end
function chat:wait(duration) wait(duration) end
-- The options chat:ask passes on to the question's chat:reply.
local ask_reply_options = { buttons = true, quick_replies = true, card = true }
function chat:ask(question, options)
  local timeout, reply_options
  if options ~= nil then
    if type(options) ~= "table" then error("chat:ask: options must be a table, got " .. type(options), 2) end
    for key, value in pairs(options) do
      if key == "timeout" then
        timeout = value
      elseif ask_reply_options[key] then
        reply_options = reply_options or {}
        reply_options[key] = value
      else
        error("chat:ask: unknown option '" .. tostring(key) .. "' (known: timeout, buttons, quick_replies, card)", 2)
      end
    end
  end
  if question ~= nil then
    self:reply(question, reply_options)
  elseif reply_options then
    error("chat:ask: buttons, quick_replies and card need a question to go with", 2)
  end
  return answered(ask(timeout))
end
function chat:now() return now() end
-- The model's text, or nil and why; a request a scenario's cassette lacks is an error.
function chat:complete(options)
  local text, problem, fatal = complete(options)
  if fatal then error(problem, 2) end
  return text, problem
end
function chat:history_messages(count) return history(count) end

-- Runs the `on` handler whose pattern matched, with the captures.
local function run_on(entry, index, msg, ...)
  if control.tracing then trace("on", index, ...) end
  if control.debugging then debug_enter("on", index, entry.pattern) end
  entry.handler(msg, chat, ...)
  return true
end
-- The same from find_case's results (start, end, captures...): false when it found nothing.
local function run_matched(entry, index, msg, first, _, ...)
  if first == nil then return false end
  return run_on(entry, index, msg, ...)
end

local function run_pressed(entry, index, payload, msg, first, _, ...)
  if first == nil then return false end
  if control.tracing then trace("on_button", index, ...) end
  entry.handler(payload, msg, chat, ...)
  return true
end

local entry = {}
local function run_on_message(msg)
  for i = 1, #on_message do
    if control.tracing then trace("on_message", i) end
    on_message[i](msg, chat)
  end
end
-- The `on` patterns, then the fallback, for a message's text.
-- A pattern of up to two captures (most are) is tried without a call: only a match calls
-- (a call per pattern tried, with its variable arguments, cost more than the table of each
-- message and reply).
local function dispatch_text(msg)
  local current = msg.text -- as the on_message handlers left it
  for i = 1, #patterns do
    local candidate = patterns[i]
    local captures = candidate.captures
    if captures > 2 then
      if run_matched(candidate, i, msg, find_case(current, candidate.pattern, candidate.ignore_case)) then return end
    else
      local first, _, one, two = find_case(current, candidate.pattern, candidate.ignore_case)
      if first ~= nil then
        if captures == 0 then
          run_on(candidate, i, msg)
        elseif captures == 1 then
          run_on(candidate, i, msg, one)
        else
          run_on(candidate, i, msg, one, two)
        end
        return
      end
    end
  end
  if fallback then
    if control.tracing then trace("fallback", 1) end
    fallback(msg, chat)
  end
end
-- A message: the on_message loop written out, since this runs for every message and a
-- call is a few per cent of its support code's instructions.
function entry.message(text, id, at, from, kinds)
  local msg = as_message(text, id, at, from, kinds)
  for i = 1, #on_message do
    if control.tracing then trace("on_message", i) end
    on_message[i](msg, chat)
  end
  dispatch_text(msg)
end
-- A picked button: on_message, then the first on_button whose pattern the payload
-- matches; when none takes it, the label goes through `on` and the fallback as text.
function entry.button(press, text, id, at, from, kinds)
  local msg = as_message(text, id, at, from, kinds)
  msg.button = press
  run_on_message(msg)
  local payload = press.payload
  for i = 1, #on_button do
    local candidate = on_button[i]
    if candidate.pattern == nil then
      if control.tracing then trace("on_button", i) end
      candidate.handler(payload, msg, chat)
      return
    end
    if run_pressed(candidate, i, payload, msg, find_case(payload, candidate.pattern, false)) then return end
  end
  dispatch_text(msg)
end
-- Runs every handler of one list with the same arguments, in the order they were
-- registered. (A message's on_message loop is written out: it runs per message.)
local function run_each(kind, handlers, ...)
  for i = 1, #handlers do
    if control.tracing then trace(kind, i) end
    handlers[i](...)
  end
end
function entry.open(first_time)
  run_each("on_open", on_open, chat, first_time)
end
function entry.reaction(reaction, text, id, at, from, kinds)
  run_each("on_reaction", on_reaction, reaction, as_message(text, id, at, from, kinds), chat)
end
function entry.edit(text, id, at, from, kinds)
  run_each("on_edit", on_edit, as_message(text, id, at, from, kinds), chat)
end
function entry.delete(text, id, at, from, kinds)
  run_each("on_delete", on_delete, as_message(text, id, at, from, kinds), chat)
end
function entry.loaded() loading = false end
function entry.handlers()
  local list = {}
  for i = 1, #on_open do list[#list + 1] = { "on_open", on_open[i] } end
  for i = 1, #on_message do list[#list + 1] = { "on_message", on_message[i] } end
  for i = 1, #patterns do list[#list + 1] = { "on", patterns[i].handler, patterns[i].pattern } end
  for i = 1, #on_reaction do list[#list + 1] = { "on_reaction", on_reaction[i] } end
  for i = 1, #on_edit do list[#list + 1] = { "on_edit", on_edit[i] } end
  for i = 1, #on_delete do list[#list + 1] = { "on_delete", on_delete[i] } end
  for i = 1, #on_button do list[#list + 1] = { "on_button", on_button[i].handler, on_button[i].pattern } end
  if fallback then list[#list + 1] = { "fallback", fallback } end
  return list
end

return { api = api, entry = entry, chat = chat, control = control }
