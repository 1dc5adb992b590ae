local M = {}
error("fails while loading")
return M
