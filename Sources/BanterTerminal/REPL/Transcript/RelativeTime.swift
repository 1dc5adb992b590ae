import BanterCore

/// "just now", "5m ago", "3h ago", "2d ago": how `/chats` says when a conversation last moved.
enum RelativeTime {
    static func describe(_ time: Timestamp, now: Timestamp) -> String {
        let seconds = (now.millisecondsSince1970 - time.millisecondsSince1970) / 1000
        switch seconds {
        case ..<0: return "later"
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60)m ago"
        case ..<86_400: return "\(seconds / 3600)h ago"
        case ..<(86_400 * 60): return "\(seconds / 86_400)d ago"
        default: return "\(seconds / (86_400 * 30))mo ago"
        }
    }
}
