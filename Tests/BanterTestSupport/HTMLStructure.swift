import Foundation

/// Checks that an exported page is well formed, as strictly as the exporter writes it: every
/// element closed in order (void elements excepted), every attribute value in double quotes,
/// no `<` or `>` in text, ids unique, every `<label for>` naming an id, and each radio group
/// with exactly one button checked. The style sheet's text is not looked into.
package enum HTMLStructure {
    private static let voidElements: Set<String> = ["meta", "input", "img", "br", "link"]

    /// The problems found, each with the character offset where it is (none for a good page).
    package static func problems(in html: String) -> [String] {
        let page = Array(withoutStyleSheet(html))
        var problems: [String] = []
        var open: [String] = []
        var ids: [String: Int] = [:]
        var labels: [String] = []
        var radios: [String: Int] = [:]
        var index = 0
        while index < page.count {
            guard page[index] == "<" else {
                if page[index] == ">" { problems.append("a bare > in text at \(index)") }
                index += 1
                continue
            }
            guard let end = page[index...].firstIndex(of: ">") else {
                problems.append("a tag never closed at \(index)")
                break
            }
            let tag = String(page[(index + 1)..<end])
            if tag.contains("<") { problems.append("a < inside a tag at \(index)") }
            index = end + 1
            if tag.hasPrefix("!DOCTYPE") { continue }
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                if open.last == name {
                    open.removeLast()
                } else {
                    problems.append("</\(name)> closes <\(open.last ?? "nothing")> at \(index)")
                }
                continue
            }
            guard let (name, attributes) = parse(tag) else {
                problems.append("an attribute not in double quotes in <\(tag)> at \(index)")
                continue
            }
            if !voidElements.contains(name) { open.append(name) }
            if let id = attributes["id"] { ids[id, default: 0] += 1 }
            if name == "label", let target = attributes["for"] { labels.append(target) }
            if name == "input", attributes["type"] == "radio", let group = attributes["name"] {
                radios[group, default: 0] += attributes["checked"] != nil ? 1 : 0
            }
        }
        if !open.isEmpty { problems.append("never closed: \(open)") }
        for (id, count) in ids where count > 1 { problems.append("id \(id) used \(count) times") }
        for target in labels where ids[target] == nil { problems.append("label for=\(target) names no id") }
        for (group, checked) in radios where checked != 1 {
            problems.append("radio group \(group) has \(checked) buttons checked")
        }
        return problems
    }

    /// The page with its `<style>` element's text left out (the element kept, empty).
    private static func withoutStyleSheet(_ html: String) -> String {
        guard let start = html.range(of: "<style>"),
            let end = html.range(of: "</style>", range: start.upperBound..<html.endIndex)
        else { return html }
        return String(html[..<start.upperBound]) + String(html[end.lowerBound...])
    }

    /// A start tag's name and attributes; nil when an attribute's value is not in double
    /// quotes.
    private static func parse(_ tag: String) -> (String, [String: String])? {
        var rest = tag[...]
        let name = String(rest.prefix { !$0.isWhitespace })
        rest = rest.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let key = String(rest.prefix { $0 != "=" && !$0.isWhitespace })
            guard !key.isEmpty, !key.contains("\""), !key.contains("'") else { return nil }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                attributes[key] = ""
                continue
            }
            rest = rest.dropFirst()
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            attributes[key] = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return (name, attributes)
    }
}
