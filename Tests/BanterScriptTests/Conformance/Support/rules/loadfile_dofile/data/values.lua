local n = ... or 2
return n, n * 2, "values"
