-- What a template library does: give a compiled function its environment.
local template = load("return greeting .. ', ' .. name")
local function set_env(f, env)
  local i = 1
  while true do
    local name = debug.getupvalue(f, i)
    if name == "_ENV" then
      debug.upvaluejoin(f, i, function() return env end, 1)
      return f
    elseif name == nil then
      return f
    end
    i = i + 1
  end
end
print(set_env(template, { greeting = "hello", name = "world" })())
local x = 1
local function get_x() return x end
print(debug.getupvalue(get_x, 1))
print(debug.setupvalue(get_x, 1, 5), get_x(), x)
print(debug.getupvalue(get_x, 2))
print(type(debug.upvalueid(get_x, 1)))
print(pcall(debug.getupvalue, 5, 1))
