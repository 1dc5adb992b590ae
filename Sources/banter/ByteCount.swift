import ArgumentParser
import BanterConfig

/// A size given on the command line: bytes, or with a K, M or G suffix (powers of 1024),
/// read by the same rule as the configuration file's sizes (`ConfigKey.bytes`).
struct ByteCount: ExpressibleByArgument, Hashable {
    var bytes: Int

    init?(argument: String) {
        guard let bytes = ConfigKey.bytes(argument) else { return nil }
        self.bytes = bytes
    }
}
