-- rxi/classic as its README shows it; LibraryTests compares this output with lua5.4's.
local Object = require "classic"
local Point = Object:extend()
function Point:new(x, y) self.x = x or 0 self.y = y or 0 end
function Point:__tostring() return "Point(" .. self.x .. ", " .. self.y .. ")" end
local Rect = Point:extend()
function Rect:new(x, y, w, h) Rect.super.new(self, x, y) self.w = w or 0 self.h = h or 0 end
local r = Rect(1, 2, 3, 4)
print(r.x, r.y, r.w, r.h, r:is(Point), r:is(Rect), Point(5, 6):is(Rect))
print(Point(1, 2), tostring(Point()))
local PairPrinter = Object:extend()
function PairPrinter:printPairs() return "pairs of " .. tostring(self) end
Rect:implement(PairPrinter)
print(r:printPairs())
