import BanterCore
import Foundation

/// The parts of a bubble beyond its text, as a chat app's web view shows them: a reply's
/// quote above the text, an attachment (a picture embedded as a `data:` URI, any other file
/// listed with its size), the "edited" marker, the "message deleted" placeholder and the
/// reaction badges under the bubble. Names, media types, captions, quotes and emoji are
/// untrusted: sanitised and escaped like bodies.
extension HTMLFormatter {
    /// The bubble (or emoji line) of a person's message, then its reactions.
    func personMessage(_ message: Message, position: ClusterPosition, into output: inout String) {
        let text = message.isDeleted ? "" : Sanitizer.sanitize(message.text, keepingNewlines: true)
        let tail = position.hasTail ? " tail" : ""
        if message.isDeleted {
            output += "<div class=\"bubble deleted\(tail)\"><span class=\"deleted-text\">message deleted</span></div>\n"
            return
        }
        if message.attachment == nil, message.quote == nil, !message.isEdited, EmojiText.isEmojiOnly(text) {
            output += "<div class=\"emoji\" dir=\"auto\">\(HTMLEscaper.escape(text.trimmingSpaces()))</div>\n"
        } else {
            output += "<div class=\"bubble\(tail)\" dir=\"auto\">"
            if let quote = message.quote { output += quoteBlock(quote) }
            if let attachment = message.attachment { self.attachment(attachment, of: message, into: &output) }
            if !text.isEmpty { output += HTMLInlineMarkup.html(text) }
            if message.isEdited { output += "<span class=\"edited\">edited</span>" }
            output += "</div>\n"
        }
        if !message.reactions.isEmpty {
            let badges = message.reactionCounts.map { count in
                let emoji = Self.line(count.emoji)
                let number = count.count > 1 ? " \(count.count)" : ""
                return "<span class=\"reaction\">\(emoji)\(number)</span>"
            }
            output += "<div class=\"reactions\">\(badges.joined())</div>\n"
        }
    }

    /// The quoted sender and first line. (Not a link to the quoted bubble: anchors would
    /// carry the store's ids, and an export must not change when an import renumbers them.)
    private func quoteBlock(_ quote: Quote) -> String {
        let sender = quote.sender == .me ? "You" : participant.name
        return "<div class=\"quote\"><span class=\"quote-sender\">\(Self.line(sender))</span>"
            + "<span class=\"quote-text\">\(Self.line(quote.excerpt))</span></div>"
    }

    /// A picture embedded in the page when the bytes are at hand, else the file's card.
    private func attachment(_ attachment: Attachment, of message: Message, into output: inout String) {
        let name = Self.line(attachment.fileName)
        if attachment.isImage, let size = attachment.pixelSize, let attachments {
            // The media type is one of the four image types the header was read as.
            output +=
                "<img class=\"picture\" alt=\"\(name)\" width=\"\(size.width)\" height=\"\(size.height)\" src=\"data:"
                + HTMLEscaper.escape(attachment.mediaType) + ";base64,"
            var carry = Data()
            attachments.stream(messageID: message.id, after: &output) { chunk in
                carry.append(chunk)
                let whole = carry.count - carry.count % 3
                let encoded = carry.prefix(whole).base64EncodedString()
                carry = Data(carry.dropFirst(whole))
                return encoded
            }
            output += carry.base64EncodedString() + "\">"
            return
        }
        let details = attachment.details.map(Self.line)
        output +=
            "<span class=\"file\"><span class=\"file-icon\">\(attachment.icon)</span><span class=\"file-name\">\(name)</span>"
            + "<span class=\"file-details\">\(details.joined(separator: " · "))</span></span>"
    }
}
