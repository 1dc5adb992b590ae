/// A value bound to a `RawStatement` parameter.
enum RawValue {
    case integer(Int64)
    case text(String)
}
