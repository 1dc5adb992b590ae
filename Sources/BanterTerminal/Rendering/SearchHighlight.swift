/// A piece of a search hit's text and whether it matched the query.
struct SearchHighlight {
    var text: String
    var isMatch: Bool
}
