-- math as stock Lua 5.4 builds it: the 5.3 compatibility functions are there.
local names = {}
for name in pairs(math) do names[#names + 1] = name end
table.sort(names)
print(table.concat(names, " "))
print(math.pow(2, 10), math.pow(2, 0.5))
print(math.ldexp(0.75, 4), math.frexp(12))
print(math.cosh(1), math.sinh(1), math.tanh(1))
print(math.log10(1000), math.log(8, 2))
print(pcall(math.pow))
