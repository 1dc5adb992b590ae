/// A setting's effective value (nil: worked out at run time, see
/// `ConfigKey.defaultDescription`) and where it came from.
public struct ResolvedSetting: Hashable, Sendable {
    public var key: ConfigKey
    public var value: ConfigValue?
    public var source: SettingSource

    public init(key: ConfigKey, value: ConfigValue?, source: SettingSource) {
        self.key = key
        self.value = value
        self.source = source
    }
}
