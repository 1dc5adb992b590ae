import BanterCore
import BanterTheme

/// A group's received messages, drawn as a chat app draws a group: the sender's name in
/// their colour above the first bubble of each cluster, and their initial as an avatar
/// beside the last (the one with the tail), in a column left of the bubbles. Messages that
/// name no participant (a two-party conversation's) never reach here, so they look as
/// they always did, unless the transcript is seen as a person of the group, for whom the
/// user is "you".
extension TranscriptRenderer {
    func appendGroupMessage(
        _ message: Message, position: ClusterPosition, showsQuickReplies: Bool, painter: BubblePainter,
        groupPainter: inout BubblePainter?, scratch: inout [WrappedLine], into output: inout [String]
    ) {
        let columns = ParticipantStyles.avatarColumns
        if groupPainter == nil {
            var narrower = BubblePainter(
                width: max(painter.usable + 1 - columns, BubblePainter.chrome + 2), style: bubbleStyle,
                shapes: theme.fillShapes, escapes: escapes)
            narrower.indent = columns
            groupPainter = narrower
        }
        // Seen as a person of the group (`--as Bob`), the user's messages are "you"'s.
        let style = participantStyles.style(for: message.sender.participant ?? "you")
        let indent = painter.spaces(columns)
        if position == .first || position == .single {
            let room = max(groupPainter!.maxFootprint - 1, 1)
            let name = DisplayWidth.truncated(style.name, toWidth: room, model: widthModel)
            output.append(indent + " " + participantStyles.paint(name, as: style))
        }
        let first = output.count
        let tailRow = appendPersonMessage(
            message, sentByMe: false, hasTail: position.hasTail, showsQuickReplies: showsQuickReplies,
            painter: &groupPainter!, scratch: &scratch, into: &output)
        let avatarRow = position.hasTail ? tailRow : -1
        let avatar =
            participantStyles.paint(style.initial, as: style) + painter.spaces(columns - style.initialWidth)
        for row in first..<output.count {
            output[row] = (row == avatarRow ? avatar : indent) + output[row]
        }
    }
}
