import BanterCore
import Testing

@Suite("Inline markup")
struct InlineMarkupTests {
    /// The markup as a compact string: each styled or linked run in brackets, e.g.
    /// "see [b:this] and [link=https://a.example:a.example]".
    private func shape(_ text: String) -> String {
        guard let markup = InlineMarkup.parse(text) else { return "plain" }
        let utf8 = Array(markup.visible.utf8)
        return markup.runs.map { run in
            let piece = String(decoding: utf8[run.range], as: UTF8.self)
            var tags: [String] = []
            if run.style.contains(.bold) { tags.append("b") }
            if run.style.contains(.italic) { tags.append("i") }
            if run.style.contains(.code) { tags.append("c") }
            if let link = run.link { tags.append("link=" + link) }
            return tags.isEmpty ? piece : "[" + tags.joined(separator: ",") + ":" + piece + "]"
        }.joined()
    }

    @Test(
        "emphasis and code",
        arguments: [
            ("*bold* text", "[b:bold] text"),
            ("an _italic_ word", "an [i:italic] word"),
            ("run `ls -la` now", "run [c:ls -la] now"),
            ("*bold _and italic_*", "[b:bold ][b,i:and italic]"),
            ("(*parenthesised*)", "([b:parenthesised])"),
            ("*two words*!", "[b:two words]!"),
        ])
    func emphasis(text: String, expected: String) {
        #expect(shape(text) == expected)
    }

    @Test(
        "markers that do not pair stay as written",
        arguments: [
            "2*3*4", "snake_case_name", "a * b * c", "*unclosed", "unopened*", "** empty", "``", "`unclosed",
            "*not\nacross lines*", "_ spaced _", "*️⃣ keycap *️⃣",
        ])
    func literal(text: String) {
        #expect(shape(text) == "plain", "\(text.debugDescription)")
    }

    @Test func noFormattingInsideCode() {
        #expect(shape("`*not bold* https://a.example`") == "[c:*not bold* https://a.example]")
    }

    @Test func boldAndItalicDoNotCross() {
        #expect(shape("*a _b* c_") == "[b:a _b] c_")
    }

    @Test(
        "links end where chat apps end them",
        arguments: [
            ("see https://example.com.", "see [link=https://example.com:https://example.com]."),
            (
                "(https://en.wikipedia.org/wiki/Foo_(bar))",
                "([link=https://en.wikipedia.org/wiki/Foo_(bar):https://en.wikipedia.org/wiki/Foo_(bar)])"
            ),
            ("(see http://a.example/x)", "(see [link=http://a.example/x:http://a.example/x])"),
            ("go to www.example.com, now", "go to [link=https://www.example.com:www.example.com], now"),
            ("HTTPS://EXAMPLE.COM/?q=1&r=2!", "[link=HTTPS://EXAMPLE.COM/?q=1&r=2:HTTPS://EXAMPLE.COM/?q=1&r=2]!"),
            ("<https://a.example>", "<[link=https://a.example:https://a.example]>"),
            ("*https://a.example/x_y*", "[b,link=https://a.example/x_y:https://a.example/x_y]"),
        ])
    func links(text: String, expected: String) {
        #expect(shape(text) == expected)
    }

    @Test(
        "not links",
        arguments: ["https://", "http:// x", "xhttps://a.example", "www.", "mailto:a@b.example", "ftp://a.example"])
    func notLinks(text: String) {
        #expect(shape(text) == "plain")
    }

    @Test func markersInsideURLsAreText() {
        // The trailing "*" is punctuation (left out of the link), but no marker either.
        #expect(
            shape("https://a.example/_x_/*y* _done_")
                == "[link=https://a.example/_x_/*y:https://a.example/_x_/*y]* [i:done]")
    }

    @Test func targetsArePrintableASCII() {
        #expect(InlineMarkup.linkTarget("https://例え.jp/ä b") == "https://%E4%BE%8B%E3%81%88.jp/%C3%A4%20b")
        // A sanitised escape (Control Picture) ends a URL: nothing after it joins the link.
        let sanitized = Sanitizer.sanitize("https://a.example\u{1B}]8;;evil")
        #expect(shape(sanitized) == "[link=https://a.example:https://a.example]␛]8;;evil")
    }
}

@Suite("Byte sizes")
struct ByteSizeTests {
    @Test(arguments: [
        (0, "0 B"), (1023, "1023 B"), (1024, "1 KiB"), (1536, "1.5 KiB"), (42_188, "41 KiB"),
        (10_188, "9.9 KiB"), (1_048_575, "1 MiB"), (26_214_400, "25 MiB"), (3_565_158, "3.4 MiB"),
    ])
    func format(bytes: Int, expected: String) {
        #expect(ByteSize.format(bytes) == expected)
    }
}
