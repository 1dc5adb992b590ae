-- kikito/middleclass as its README shows it; LibraryTests compares this output with lua5.4's.
local class = require "middleclass"
local Animal = class("Animal")
function Animal:initialize(name) self.name = name end
function Animal:speak() return self.name .. " makes a sound" end
local Dog = class("Dog", Animal)
function Dog:speak() return self.name .. " barks" end
function Dog:__tostring() return "Dog<" .. self.name .. ">" end
local rex = Dog:new("Rex")
print(rex:speak(), Animal.speak(rex), rex, rex.class.name, rex.class.super.name)
print(rex:isInstanceOf(Animal), Dog:isSubclassOf(Animal), Animal:isSubclassOf(Dog))
print(Animal, Dog)
local HasWings = { fly = function(self) return self.name .. " flies" end }
local Bird = class("Bird", Animal):include(HasWings)
print(Bird("Tweety"):fly())
local V = class("V")
function V:initialize(x) self.x = x end
V.__add = function(a, b) return V(a.x + b.x) end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b) return a.x < b.x end
V.__len = function(a) return a.x end
print((V(1) + V(2)).x, V(3) == V(3), V(1) < V(2), #V(7))
local Counted = class("Counted")
Counted.static.count = 0
function Counted.static:create() self.count = self.count + 1 return self() end
Counted:create() Counted:create()
print(Counted.count, Counted.static.count)
