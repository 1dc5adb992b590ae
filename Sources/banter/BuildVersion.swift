/// What `banter --version` prints: the name, the release, and the commit when built from a git
/// checkout (`buildCommit` and `buildHadUncommittedChanges` come from Plugins/BuildCommit).
enum BuildVersion {
    static let release = "0.1.0"

    static var description: String {
        guard let commit = buildCommit else { return "banter \(release) (built outside a git checkout)" }
        return buildHadUncommittedChanges
            ? "banter \(release) (commit \(commit), with uncommitted changes)"
            : "banter \(release) (commit \(commit))"
    }
}
