local t = nil
return t.field
