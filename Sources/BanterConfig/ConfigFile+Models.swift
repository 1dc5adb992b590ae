import BanterCore
import Foundation
import TOMLKit

/// The `[models.NAME]` sections: the language models bots may ask (`chat:complete`), each
/// checked with the line of its first mistake.
extension ConfigFile {
    /// The keys a `[models.NAME]` section takes.
    static let modelKeys = ["url", "model", "key-env", "timeout", "connect-timeout"]

    static func models(in document: TOMLDocument) throws(ConfigError) -> [String: ModelEndpoint] {
        guard let value = document.root["models"] else { return [:] }
        let sections = try document.table(value, at: ["models"])
        var endpoints: [String: ModelEndpoint] = [:]
        for name in sections.keys.sorted() {
            let path = ["models", name]
            let section = try document.table(sections[name]!, at: path)
            _ = try document.keys(of: section, at: path, accepted: modelKeys, what: "key")
            func text(_ key: String) throws(ConfigError) -> String? {
                guard let value = section[key] else { return nil }
                guard let text = value.string, !text.isEmpty else {
                    throw document.error(at: path + [key], "models.\(name).\(key) must be a non-empty string")
                }
                return text
            }
            func duration(_ key: String, default fallback: Duration) throws(ConfigError) -> Duration {
                guard let spec = try text(key) else { return fallback }
                guard let duration = try? DurationParser.parse(spec), duration > .zero else {
                    throw document.error(at: path + [key], "models.\(name).\(key) must be a duration like \"30s\"")
                }
                return duration
            }
            guard let url = try text("url") else {
                throw document.error(
                    at: path, "[models.\(name)] needs url, the API's base (\"http://127.0.0.1:8080/v1\")")
            }
            guard let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https",
                URL(string: url)?.host != nil
            else {
                throw document.error(at: path + ["url"], "models.\(name).url must be an http:// or https:// URL")
            }
            guard let model = try text("model") else {
                throw document.error(at: path, "[models.\(name)] needs model, the model's id at the endpoint")
            }
            endpoints[name] = ModelEndpoint(
                name: name, baseURL: url, modelID: model, keyVariable: try text("key-env"),
                timeout: try duration("timeout", default: ModelEndpoint.defaultTimeout),
                connectTimeout: try duration("connect-timeout", default: ModelEndpoint.defaultConnectTimeout))
        }
        return endpoints
    }
}
