import Foundation

/// What the rest of a WhatsApp line says after its stamp: who wrote it and what, or that
/// WhatsApp itself wrote it, and whether it is a file, a file left out or a deleted message.
/// The forms are WhatsApp's in the languages listed here; a form in another language is
/// kept as the text it is.
struct WhatsAppLine: Hashable {
    var author: HistoryMessage.Author
    var text: String
    /// The attached file's name, when the line is an attachment.
    var file: String?
    var mediaOmitted = false
    var isDeleted = false

    /// The longest name taken for a sender: a longer "name" before ": " is a system line.
    static let maximumNameLength = 128

    /// Reads `body`, the line after its stamp. `bracketed` is the iOS form, where WhatsApp's
    /// own lines carry a sender (the chat) and start their text with a left-to-right mark.
    init(body: Substring, bracketed: Bool) {
        guard let colon = Self.authorEnd(in: body) else {
            self.init(author: .system, text: Self.trimmingMarks(body))
            return
        }
        let name = Self.trimmingMarks(body[..<colon])
        var rest = body[body.index(after: colon)...]
        if rest.first == " " { rest = rest.dropFirst() }
        let marked = rest.unicodeScalars.first.map { Self.invisibleMarks.contains($0) } ?? false
        let text = Self.trimmingMarks(rest)
        self.init(author: .person(name), text: text)
        if let file = Self.attachedFile(text) {
            self.file = file
        } else if Self.matches(text, Self.omittedForms, suffix: true) {
            mediaOmitted = true
        } else if Self.matches(text, Self.deletedForms, suffix: false) {
            isDeleted = true
            self.text = ""
        } else if marked && bracketed {
            author = .system
        }
    }

    private init(author: HistoryMessage.Author, text: String) {
        self.author = author
        self.text = text
    }

    /// The ":" that ends a sender's name: the first ": " (or a ":" ending the line) after a
    /// name of reasonable length without quotes (a subject change quotes the subject, which
    /// may hold ": ").
    private static func authorEnd(in body: Substring) -> Substring.Index? {
        var index = body.startIndex
        var length = 0
        while index < body.endIndex, length <= maximumNameLength {
            let character = body[index]
            if character == "\"" || character == "“" || character == "”" || character == "«" { return nil }
            if character == ":" {
                let next = body.index(after: index)
                if next == body.endIndex || body[next] == " " { return length > 0 ? index : nil }
            }
            index = body.index(after: index)
            length += 1
        }
        return nil
    }

    /// The file an attachment line names: Android's `NAME (file attached)` and iOS's
    /// `<attached: NAME>`, in WhatsApp's languages, or in any language when the name is one
    /// WhatsApp gives its media (`IMG-20231231-WA0001.jpg`, `00000012-PHOTO-2023-12-31-21-05-09.jpg`).
    static func attachedFile(_ text: String) -> String? {
        if text.hasPrefix("<"), text.hasSuffix(">"), let colon = text.firstIndex(of: ":") {
            let word = text[text.index(after: text.startIndex)..<colon].trimmingCharacters(in: .whitespaces)
            let name = text[text.index(after: colon)..<text.index(before: text.endIndex)]
                .trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, attachedWords.contains(word.lowercased()) || looksLikeMediaName(name) { return name }
        }
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("), open > text.startIndex {
            let phrase = text[open...].lowercased()
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !name.contains("\n"), attachedPhrases.contains(phrase) || looksLikeMediaName(name) {
                return name
            }
        }
        return nil
    }

    /// Whether `name` is a file name WhatsApp makes for media: Android's `IMG-20231231-WA0001.jpg`
    /// (IMG, VID, AUD, PTT, DOC, STK) or iOS's `00000012-PHOTO-2023-12-31-21-05-09.jpg`.
    static func looksLikeMediaName(_ name: String) -> Bool {
        let scalars = Array(name.utf8)
        if scalars.count > 13, scalars[3] == UInt8(ascii: "-"), name.contains("-WA"),
            ["IMG", "VID", "AUD", "PTT", "DOC", "STK"].contains(String(name.prefix(3)))
        {
            return true
        }
        return scalars.count > 10 && scalars[8] == UInt8(ascii: "-")
            && scalars[..<8].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether `text` is one of `forms` (or ends with one, for iOS's "Report.pdf • 3 pages
    /// document omitted"), ignoring case and a final full stop.
    private static func matches(_ text: String, _ forms: Set<String>, suffix: Bool) -> Bool {
        guard text.utf8.count < 160 else { return false }
        var lower = String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter { $0 == " " || !invisibleMarks.contains($0) }))
        if lower.hasSuffix(".") { lower.removeLast() }
        if forms.contains(lower) { return true }
        return suffix && forms.contains { !$0.hasPrefix("<") && lower.hasSuffix(" " + $0) }
    }

    /// Removes a trailing "<This message was edited>" (in WhatsApp's languages) from `text`,
    /// saying whether it was there.
    static func removingEditedMark(_ text: inout String) -> Bool {
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { return false }
        var mark = text[open...].dropFirst().dropLast().lowercased()
        if mark.hasSuffix(".") { mark.removeLast() }
        guard editedForms.contains(mark) else { return false }
        text = String(text[..<open].trimmingCharacters(in: .whitespaces))
        return true
    }

    /// Drops the invisible direction marks around a name or a text (and a line's spaces).
    static func trimmingMarks<S: StringProtocol>(_ text: S) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, invisibleMarks.contains(scalars[start]) { start = scalars.index(after: start) }
        while start < end, invisibleMarks.contains(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    private static let invisibleMarks: Set<Unicode.Scalar> = [
        "\u{FEFF}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}", " ",
    ]

    /// iOS's `<WORD: NAME>`: English, German, Spanish, French, Italian, Portuguese, Dutch,
    /// Russian, Turkish.
    private static let attachedWords: Set<String> = [
        "attached", "anhang", "adjunto", "pièce jointe", "allegato", "anexado", "anexo", "bijgevoegd", "вложение",
        "ek",
    ]

    /// Android's `NAME (PHRASE)`, in the same languages.
    private static let attachedPhrases: Set<String> = [
        "(file attached)", "(datei angehängt)", "(archivo adjunto)", "(fichier joint)", "(file allegato)",
        "(arquivo anexado)", "(ficheiro anexado)", "(bestand bijgevoegd)", "(файл добавлен)", "(dosya ekli)",
    ]

    /// A file the export left out: Android's one form for every kind, iOS's one per kind.
    private static let omittedForms: Set<String> = [
        "<media omitted>", "<medien ausgeschlossen>", "<medien weggelassen>", "<multimedia omitido>",
        "<archivo omitido>", "<médias omis>", "<fichier omis>", "<media omessi>", "<media omesso>",
        "<arquivo de mídia oculto>", "<mídia omitida>", "<ficheiro não revelado>", "<media weggelaten>",
        "<без медиафайлов>", "<medya dahil edilmedi>", "<pominięto multimedia>",
        "image omitted", "video omitted", "audio omitted", "sticker omitted", "gif omitted", "document omitted",
        "contact card omitted", "bild weggelassen", "video weggelassen", "audio weggelassen", "sticker weggelassen",
        "gif weggelassen", "dokument weggelassen", "imagen omitida", "video omitido", "audio omitido",
        "sticker omitido", "gif omitido", "documento omitido", "image absente", "vidéo absente", "audio omis",
        "immagine omessa", "video omesso", "imagem ocultada", "vídeo omitido", "afbeelding weggelaten",
    ]

    /// A deleted message, by someone else and by you.
    private static let deletedForms: Set<String> = [
        "this message was deleted", "you deleted this message", "diese nachricht wurde gelöscht",
        "du hast diese nachricht gelöscht", "se eliminó este mensaje", "eliminaste este mensaje",
        "ce message a été supprimé", "vous avez supprimé ce message", "questo messaggio è stato eliminato",
        "hai eliminato questo messaggio", "esta mensagem foi apagada", "você apagou esta mensagem",
        "dit bericht is verwijderd", "je hebt dit bericht verwijderd", "это сообщение удалено",
        "вы удалили это сообщение",
    ]

    /// The mark newer exports put after an edited message's text.
    private static let editedForms: Set<String> = [
        "this message was edited", "diese nachricht wurde bearbeitet", "se editó este mensaje",
        "ce message a été modifié", "questo messaggio è stato modificato", "mensagem editada",
        "dit bericht is bewerkt", "сообщение изменено",
    ]
}
