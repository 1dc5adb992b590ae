written = "in env"
return tostring(print)
