import BanterCore
import Foundation
import ZIPFoundation

/// The files of one exported chat, wherever they are: a text file (its media beside it in
/// the same folder), a folder holding the text and its media, or the `.zip` WhatsApp
/// shares. It streams the chat's text and any media file in chunks, so neither the text
/// nor a video is ever whole in memory.
package final class ChatExport {
    /// What `path` is.
    private enum Container {
        case folder(URL)
        case zip(URL)
    }

    package let path: String
    /// How reports name the chat's text: the file's path, or `ZIP/ENTRY` inside a zip.
    let textName: String
    /// The chat's text: a path in the folder or an entry of the zip.
    private let text: String
    private let container: Container
    /// The zip's files by path, and by name alone (WhatsApp's zips are flat), read once from
    /// its directory.
    private var zipEntries: [String: Entry] = [:]
    /// The folder of the chat's text inside the zip ("" or "ChatExport_2024-01-01/"): the
    /// paths the chat gives its files are relative to it.
    private var zipTextFolder = ""
    /// The zip, open twice: a media file is read while the text is being read, and one
    /// archive reads one entry at a time.
    private var archive: Archive?
    private var mediaArchive: Archive?
    /// The size of the first piece of a media file read to tell its kind and picture size.
    static let headerBytes = 1 << 20
    /// The pieces a file is read in.
    static let chunkBytes = 256 * 1024

    /// Opens the export at `path`; `textExtension` is the kind of file that holds the chat,
    /// `preferred` its usual name when a folder holds several.
    package init(path: String, textExtension: String = "txt", preferred: String = "_chat.txt") throws(HistoryError) {
        self.path = path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(path: path, reason: MissingFile.reason(path))
        }
        let url = URL(fileURLWithPath: path)
        if isFolder.boolValue {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            let name = try Self.chatText(among: names, extension: textExtension, preferred: preferred, in: path)
            container = .folder(url)
            text = url.appendingPathComponent(name).path
            textName = text
        } else if url.pathExtension.lowercased() == "zip" {
            let archive: Archive
            do {
                archive = try Archive(url: url, accessMode: .read, pathEncoding: nil)
            } catch {
                throw .unreadable(path: path, reason: "it is not a zip archive Banter can read (\(error))")
            }
            var texts: [String] = []
            for entry in archive where entry.type == .file {
                let name = (entry.path as NSString).lastPathComponent
                zipEntries[entry.path] = entry
                if zipEntries[name] == nil { zipEntries[name] = entry }
                if entry.path.split(separator: "/").count <= 2 { texts.append(entry.path) }
            }
            let name = try Self.chatText(
                among: texts.sorted(), extension: textExtension, preferred: preferred, in: path)
            container = .zip(url)
            text = name
            textName = "\(path)/\(name)"
            let folder = (name as NSString).deletingLastPathComponent
            zipTextFolder = folder.isEmpty ? "" : folder + "/"
            self.archive = archive
            mediaArchive = try? Archive(url: url, accessMode: .read, pathEncoding: nil)
        } else {
            container = .folder(url.deletingLastPathComponent())
            text = path
            textName = path
        }
    }

    /// The one chat text among a folder's or a zip's files (`_chat.txt` first, as iOS
    /// names it).
    private static func chatText(among names: [String], extension: String, preferred: String, in path: String)
        throws(HistoryError) -> String
    {
        let texts = names.filter {
            ($0 as NSString).pathExtension.lowercased() == `extension`
                && !($0 as NSString).lastPathComponent.hasPrefix(".")
        }
        if let found = texts.first(where: { ($0 as NSString).lastPathComponent == preferred }) { return found }
        guard let first = texts.first else {
            throw .noChatText(path: path, reason: "it holds no .\(`extension`) file with the chat")
        }
        guard texts.count == 1 else {
            throw .noChatText(
                path: path,
                reason:
                    "it holds several .\(`extension`) files (\(texts.prefix(4).joined(separator: ", "))): give the chat's own file"
            )
        }
        return first
    }

    /// Hands the chat's text to `body` a chunk at a time.
    func readText(_ body: (Data) throws -> Void) throws {
        switch container {
        case .folder: try Self.readFile(text, chunkBytes: 1 << 20, body)
        case .zip: try readEntry(text, from: archive, body)
        }
    }

    /// A media file the chat names (by name, or by a path relative to the chat's text, as
    /// Telegram's `photos/photo_1.jpg`), when the export holds it: its size, or nil when
    /// absent. An absolute path or one through ".." names nothing.
    func mediaSize(named name: String) -> Int? {
        guard Self.isContained(name) else { return nil }
        switch container {
        case .folder(let folder):
            let file = folder.appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
                let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber
            else { return nil }
            return size.intValue
        case .zip:
            return zipEntry(name).map { Int($0.uncompressedSize) }
        }
    }

    /// The first bytes of a media file (up to `headerBytes`), to tell what it is.
    func mediaHeader(named name: String) throws -> [UInt8] {
        var header: [UInt8] = []
        do {
            try readMedia(named: name) { data in
                header.append(contentsOf: data.prefix(Self.headerBytes - header.count))
                if header.count >= Self.headerBytes { throw HeaderComplete() }
            }
        } catch is HeaderComplete {}
        return header
    }

    /// Hands a media file's bytes to `body` a chunk at a time.
    func readMedia(named name: String, _ body: (Data) throws -> Void) throws {
        guard Self.isContained(name) else { return }
        switch container {
        case .folder(let folder):
            try Self.readFile(folder.appendingPathComponent(name).path, chunkBytes: Self.chunkBytes, body)
        case .zip: try readEntry(name, from: mediaArchive, body)
        }
    }

    private struct HeaderComplete: Error {}

    /// The folders beside the chat's text (a Slack export's channels), sorted.
    package func folders() -> [String] {
        switch container {
        case .folder(let folder):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { name in
                var isFolder: ObjCBool = false
                return !name.hasPrefix(".")
                    && FileManager.default.fileExists(
                        atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            }.sorted()
        case .zip:
            let inside = zipEntries.keys.filter { $0.hasPrefix(zipTextFolder) }.map {
                $0.dropFirst(zipTextFolder.count)
            }
            return Set(
                inside.compactMap { path in path.contains("/") ? path.split(separator: "/").first.map(String.init) : nil
                }
            )
            .filter { !$0.hasPrefix(".") && !$0.hasPrefix("__MACOSX") }.sorted()
        }
    }

    /// The files of one of those folders, by name, sorted (a channel's day files, in date order).
    package func files(in subfolder: String) -> [String] {
        guard Self.isContained(subfolder) else { return [] }
        switch container {
        case .folder(let folder):
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path))
                ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted()
        case .zip:
            let prefix = zipTextFolder + subfolder + "/"
            return zipEntries.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
                .map { String($0.dropFirst(prefix.count)) }.sorted()
        }
    }

    private static func isContained(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.contains("\0") && !name.contains("://")
            && !name.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }

    private func zipEntry(_ name: String) -> Entry? {
        zipEntries[zipTextFolder + name] ?? (name.contains("/") ? nil : zipEntries[name])
    }

    private func readEntry(_ name: String, from archive: Archive?, _ body: (Data) throws -> Void) throws {
        guard let archive, let entry = name == text ? zipEntries[name] : zipEntry(name) else {
            throw HistoryError.unreadable(path: "\(path)/\(name)", reason: "the zip could not be opened again")
        }
        do {
            _ = try archive.extract(entry, bufferSize: Self.chunkBytes, consumer: body)
        } catch let error as Archive.ArchiveError {
            throw HistoryError.unreadable(path: "\(path)/\(name)", reason: "the zip is damaged (\(error))")
        }
    }

    private static func readFile(_ path: String, chunkBytes: Int, _ body: (Data) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HistoryError.unreadable(path: path, reason: "check its permissions")
        }
        defer { try? handle.close() }
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: chunkBytes) ?? Data()
            } catch {
                throw HistoryError.unreadable(path: path, reason: error.localizedDescription)
            }
            if chunk.isEmpty { return }
            try body(chunk)
        }
    }
}
