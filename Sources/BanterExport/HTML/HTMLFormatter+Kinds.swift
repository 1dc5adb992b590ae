import BanterCore
import Foundation

/// The parts of a bubble beyond its text, as a chat app's web view shows them: a reply's
/// quote above the text, an attachment (a picture embedded as a `data:` URI, any other file
/// listed with its size), the "edited" marker, the "message deleted" placeholder and the
/// reaction badges under the bubble. Names, media types, captions, quotes and emoji are
/// untrusted: sanitised and escaped like bodies.
extension HTMLFormatter {
    /// The bubble (or emoji line) of a person's message, then its reactions. `avatar` (a
    /// group's, on the cluster's last message) goes into the first element drawn, which
    /// places it beside itself; it is nil once placed. Quick replies show on the newest only.
    func personMessage(
        _ message: Message, position: ClusterPosition, isNewest: Bool, avatar: inout String?,
        into output: inout String
    ) {
        if message.isDeleted {
            let tail = position.hasTail ? " tail" : ""
            output +=
                "<div class=\"bubble deleted\(tail)\">\(take(&avatar))<span class=\"deleted-text\">message deleted</span></div>\n"
            return
        }
        let text = Sanitizer.sanitize(message.text, keepingNewlines: true)
        // Each read once: a message's extras (actions are JSON) are decoded on every read.
        let actions = message.actions
        let quote = message.quote
        let edited = message.isEdited
        // A card's picture travels as the message's file and is drawn in the card.
        let cardPicture = actions?.card?.image.map { $0 == message.attachment?.fileName } ?? false
        let attachment = cardPicture ? nil : message.attachment
        if attachment == nil, quote == nil, !edited, EmojiText.isEmojiOnly(text) {
            output +=
                "<div class=\"emoji\" dir=\"auto\">\(take(&avatar))\(HTMLEscaper.escape(text.trimmingSpaces()))</div>\n"
        } else if !(actions != nil && text.isEmpty && attachment == nil && quote == nil) {
            // Appended piece by piece: every message passes here, and a piece joined to
            // another first would be copied twice.
            output +=
                position.hasTail ? "<div class=\"bubble tail\" dir=\"auto\">" : "<div class=\"bubble\" dir=\"auto\">"
            if avatar != nil { output += take(&avatar) }
            if let quote { output += quoteBlock(quote) }
            if let attachment { self.attachment(attachment, of: message, into: &output) }
            if !text.isEmpty { output += HTMLInlineMarkup.html(text) }
            if edited { output += "<span class=\"edited\">edited</span>" }
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
        if let actions {
            self.actions(actions, of: message, picture: cardPicture, isNewest: isNewest, avatar: &avatar, into: &output)
        }
    }

    /// The avatar to write into the element being opened, once.
    private func take(_ avatar: inout String?) -> String {
        defer { avatar = nil }
        return avatar ?? ""
    }

    /// A card (its picture, title, subtitle and buttons) in a framed block, then the
    /// buttons and, on the newest message only, the quick replies as chips under the bubble,
    /// as chat apps (and the terminal) draw them: once anything follows, they were answered
    /// and are gone. A link button is a link (http, https and mailto only); the others are labels.
    private func actions(
        _ actions: MessageActions, of message: Message, picture: Bool, isNewest: Bool, avatar: inout String?,
        into output: inout String
    ) {
        if let card = actions.card {
            output += "<div class=\"card\" dir=\"auto\">" + take(&avatar)
            if picture, let attachment = message.attachment { self.attachment(attachment, of: message, into: &output) }
            output += "<span class=\"card-title\">\(Self.line(card.title))</span>"
            if let subtitle = card.subtitle { output += "<span class=\"card-subtitle\">\(Self.line(subtitle))</span>" }
            if !card.buttons.isEmpty { output += chips(card.buttons, kind: "button", avatar: nil) }
            output += "</div>\n"
        }
        if !actions.buttons.isEmpty { output += chips(actions.buttons, kind: "button", avatar: take(&avatar)) + "\n" }
        if isNewest, !actions.quickReplies.isEmpty {
            output += chips(actions.quickReplies, kind: "quick-reply", avatar: take(&avatar)) + "\n"
        }
    }

    private func chips(_ buttons: [ActionButton], kind: String, avatar: String?) -> String {
        let chips = buttons.map { button in
            let label = Self.line(button.label)
            if let url = button.url, let scheme = URL(string: url)?.scheme?.lowercased(),
                ["http", "https", "mailto"].contains(scheme)
            {
                return
                    "<a class=\"\(kind) link\" href=\"\(HTMLEscaper.escape(url))\" rel=\"noopener noreferrer\">\(label) ↗</a>"
            }
            return "<span class=\"\(kind)\">\(label)</span>"
        }
        return "<div class=\"chips\">\(avatar ?? "")\(chips.joined())</div>"
    }

    /// The quoted sender and first line. (Not a link to the quoted bubble: anchors would
    /// carry the store's ids, and an export must not change when an import renumbers them.)
    private func quoteBlock(_ quote: Quote) -> String {
        let sender = quote.sender == .me ? "You" : quote.sender.participant ?? participant.name
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
