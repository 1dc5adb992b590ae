import BanterChat

extension ReplCommandDefinition {
    /// Splits `arguments` into the optional message reference that leads them (`-N`,
    /// `#ID`; none means the newest message the command can act on) and the rest.
    static func leadingReference(_ arguments: String) throws(CommandError) -> (
        reference: MessageReference, rest: String
    ) {
        do {
            return try MessageReference.splitLeading(arguments)
        } catch {
            throw CommandError(error.description, usage: usage)
        }
    }

    /// `arguments` as a reference alone, refusing anything after it.
    static func referenceOnly(_ arguments: String) throws(CommandError) -> MessageReference {
        let (reference, rest) = try leadingReference(arguments)
        guard rest.isEmpty else {
            throw CommandError("/\(name) takes only a message reference (-N or #ID), not \"\(rest)\"", usage: usage)
        }
        return reference
    }
}
