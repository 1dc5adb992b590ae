/// What separates a message from the one before it: the one grouping decision that every
/// layout (whole transcripts, streamed messages, exports) is built from.
package enum MessageBoundary: Hashable, Sendable {
    /// More than the section gap passed: a new section, headed by its date and time.
    case newSection
    /// Another sender, or more than the cluster gap: a new cluster in the same section.
    case newCluster
    /// Same sender within the cluster gap: the message continues the previous one's cluster.
    case sameCluster
}

extension GroupingRules {
    /// The boundary between two consecutive messages under these rules.
    package func boundary(from previous: Message, to current: Message) -> MessageBoundary {
        Thresholds(self).boundary(from: previous, to: current)
    }

    /// The gaps as plain milliseconds, computed once per layout rather than per message.
    struct Thresholds {
        let sectionGap: Int64
        let clusterGap: Int64

        init(_ rules: GroupingRules) {
            sectionGap = rules.sectionGap.wholeMilliseconds
            clusterGap = rules.clusterGap.wholeMilliseconds
        }

        /// Section when the gap is strictly more than the section gap; same cluster when the
        /// sender is the same and the gap is at most the cluster gap (a new section always
        /// starts a new cluster, whatever the cluster gap).
        @inline(__always)
        func boundary(from previous: Message, to current: Message) -> MessageBoundary {
            boundary(gap: current.sentAt.millisecondsSince1970 - previous.sentAt.millisecondsSince1970) {
                current.hasSameSender(as: previous)
            }
        }

        /// The boundary after a gap of `gap` milliseconds, from the fields alone, for loops that
        /// read them without copying whole messages. `sameSender` is asked only when the gap
        /// leaves the cluster open (a new section or a long pause decides alone), so the
        /// caller's comparison, and its rare fallback to names, stays off the path the times
        /// decide: made eagerly, it cost grouping a fifth more instructions a message.
        @inline(__always)
        func boundary(gap: Int64, sameSender: () -> Bool) -> MessageBoundary {
            if gap > sectionGap { return .newSection }
            return gap <= clusterGap && sameSender() ? .sameCluster : .newCluster
        }
    }
}
