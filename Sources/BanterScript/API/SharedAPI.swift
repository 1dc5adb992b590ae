/// What the bot and scenario APIs share: durations and the grouping rules.
package enum SharedAPI {
    package static let duration = APIAlias(
        "Duration", "number|string",
        doc: "Seconds (20, 1.5) or text: \"500ms\", \"20s\", \"90m\", \"1h30m\", \"2d\".")

    package static let groupingOptions = APIClass(
        "GroupingOptions", doc: "Grouping rules; only the rules given change.",
        fields: [
            APIField(
                "section_gap", "Duration",
                doc: "A message more than this after the previous one starts a new section (default \"1h\")."),
            APIField(
                "cluster_gap", "Duration",
                doc: "Same-sender messages at most this far apart form a cluster (default \"20s\")."),
            APIField(
                "header", "string",
                doc: "Section header pattern of {day}, {weekday}, {date}, {time}, {time12} (default \"{day} {time}\")."),
        ])

    package static let grouping = APIFunction(
        "grouping", [APIParameter("rules", "GroupingOptions", options: "GroupingOptions")],
        doc: "Sets grouping rules (in a bot, while it loads; in a scenario, from this step on).")
}
