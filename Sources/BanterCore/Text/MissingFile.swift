/// Why a file the user named is not there, in a few words. A name with bytes that are not
/// UTF-8 reaches Banter with those bytes replaced by U+FFFD (command-line arguments and
/// readline input are decoded that way), so such a file can never be opened by that name:
/// the reason says so, and what to do, instead of a bare "no such file".
package enum MissingFile {
    /// "no such file", with the hint about non-UTF-8 names when it applies.
    package static func reason(_ path: String, what: String = "file") -> String {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return "no such \(what)" }
        return "no such \(what) (its name has bytes that are not UTF-8, which Banter cannot open; rename it)"
    }
}
