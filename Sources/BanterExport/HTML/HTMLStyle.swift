/// The page's inline style sheet: a light chat column with bubbles in the terminal theme's
/// colours (brand pink sent bubbles with white text, light grey received ones with
/// near-black text, mid-grey system lines, headers and statuses).
enum HTMLStyle {
    /// The chat column's background; the tails' masks must be painted in it.
    static let column = "#FFFFFF"

    static let css = """
    * { box-sizing: border-box; }
    body { margin: 0; background: #F2F2F7; color: #1C1C1E;
      font: 16px/1.35 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", sans-serif,
        "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"; }
    .chat { max-width: 640px; min-height: 100vh; margin: 0 auto; padding: 0 16px 32px; background: \(column); }
    .chat-header { display: flex; align-items: center; gap: 12px; padding: 16px 12px;
      border-bottom: 1px solid #E5E5EA; }
    .avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; display: flex;
      align-items: center; justify-content: center; color: #FFFFFF; font-size: 18px; font-weight: 600; }
    .chat-header h1 { margin: 0; font-size: 18px; }
    .subtitle { margin: 0; color: #8E8E93; font-size: 13px; }
    .section-header { margin: 24px 0 10px; text-align: center; color: #8E8E93; font-size: 12px; font-weight: 600; }
    .cluster { display: flex; flex-direction: column; gap: 2px; margin-top: 14px; padding: 0 12px; }
    .section-header + .cluster { margin-top: 0; }
    .cluster.me { align-items: flex-end; }
    .cluster.them { align-items: flex-start; }
    .cluster.system { align-items: center; }
    .bubble { position: relative; z-index: 0; max-width: 75%; padding: 7px 12px; border-radius: 18px;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    .me .bubble { background: #F25967; color: #FFFFFF; }
    .them .bubble { background: #E9E9EB; color: #1C1C1E; }
    .bubble.tail::before, .bubble.tail::after { content: ""; position: absolute; z-index: -1; bottom: 0; height: 20px; }
    .me .bubble.tail::before { right: -7px; width: 20px; background: #F25967; border-bottom-left-radius: 16px 14px; }
    .me .bubble.tail::after { right: -26px; width: 26px; background: \(column); border-bottom-left-radius: 10px; }
    .them .bubble.tail::before { left: -7px; width: 20px; background: #E9E9EB; border-bottom-right-radius: 16px 14px; }
    .them .bubble.tail::after { left: -26px; width: 26px; background: \(column); border-bottom-right-radius: 10px; }
    .emoji { max-width: 75%; padding: 0 2px; font-size: 36px; line-height: 1.2; }
    .system-line { max-width: 80%; margin: 0; text-align: center; color: #8E8E93; font-size: 13px;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    .status { margin: 2px 2px 0; color: #8E8E93; font-size: 11px; }
    .status.read { color: #F25967; }
    """
}
