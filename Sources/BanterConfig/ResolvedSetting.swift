/// A setting's effective value (nil: worked out at run time, see
/// `ConfigKey.defaultDescription`) and where it came from.
package struct ResolvedSetting: Hashable, Sendable {
    package var key: ConfigKey
    package var value: ConfigValue?
    package var source: SettingSource

    package init(key: ConfigKey, value: ConfigValue?, source: SettingSource) {
        self.key = key
        self.value = value
        self.source = source
    }
}
