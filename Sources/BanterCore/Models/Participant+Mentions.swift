extension Participant {
    /// The names among `names` that `text` mentions as `@Name` (any case; a name may hold
    /// spaces), each once, in the order first mentioned. The longest name wins where two
    /// start alike ("@Bob Smith" is Bob Smith, not Bob), and a mention ends at a character
    /// that cannot continue a name (so "@Bobby" does not mention Bob).
    package static func mentions(in text: String, among names: [String]) -> [String] {
        guard text.contains("@"), !names.isEmpty else { return [] }
        let candidates = names.map { (name: $0, folded: Array($0.lowercased())) }.sorted {
            $0.folded.count > $1.folded.count
        }
        let characters = Array(text.lowercased())
        var found: [String] = []
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "@" else { continue }
            let start = index + 1
            for candidate in candidates {
                let end = start + candidate.folded.count
                guard end <= characters.count, Array(characters[start..<end]) == candidate.folded else { continue }
                if end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                {
                    continue
                }
                if !found.contains(candidate.name) { found.append(candidate.name) }
                break
            }
        }
        return found
    }
}
