import Foundation
import TerminalGraphics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's description without the capabilities ncurses scrolls regions with (`csr`,
/// `ind`, `indn`, `ri`, `rin`, `il`, `il1`, `dl`, `dl1`) or clears to a line's end with
/// (`el`, `el1`: it then writes the blanks, so only the cells that changed are written over),
/// compiled once into a folder of the user's own with the system's `infocmp` and `tic`, so
/// that a screen with sixels on it is never scrolled: ncurses then writes moved lines out,
/// where a scrolled region would carry the pictures along and leave copies behind.
enum NoScrollTerminfo {
    /// The capabilities left out.
    static let leftOut: Set<String> = ["csr", "ind", "indn", "ri", "rin", "il", "il1", "dl", "dl1", "el", "el1"]

    /// `source` (an `infocmp -x` listing) named `name`, without ``leftOut``.
    static func derived(from source: String, name: String) -> String? {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.hasPrefix("#") }
        guard let header = lines.firstIndex(where: { !$0.isEmpty && !$0.hasPrefix("\t") && !$0.hasPrefix(" ") }) else { return nil }
        // The first name is the entry's; the description after the last `|` stays.
        let names = lines[header].split(separator: "|")
        lines[header] = name + "|" + (names.last.map(String.init) ?? "\(name),")
        for i in lines.indices where i != header {
            let fields = lines[i].split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            let kept = fields.filter { field in
                let capability = field.split(whereSeparator: { $0 == "=" || $0 == "#" || $0 == "@" }).first.map(String.init) ?? field
                return !field.isEmpty && !leftOut.contains(capability)
            }
            lines[i] = kept.isEmpty ? "" : "\t" + kept.joined(separator: ", ") + ","
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// The name of `term`'s description without ``leftOut`` and the folder it is in (for
    /// `TERMINFO`), made if it is not there yet; nil when it cannot be made (ncurses then
    /// scrolls as usual).
    static func prepare(_ term: String) -> (name: String, folder: String)? {
        guard !term.isEmpty, term.allSatisfy({ $0.isLetter || $0.isNumber || "-+._".contains($0) }) else { return nil }
        let name = "ik-noscroll1-" + term  // the number changes with ``leftOut``
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indicatorkit-terminfo-\(getuid())")
        let compiled = folder.appendingPathComponent(String(name.prefix(1))).appendingPathComponent(name)
        // A folder someone else made (or opened to others) is not trusted with the terminal.
        var status = stat()
        if stat(folder.path, &status) == 0, status.st_uid != getuid() || status.st_mode & 0o077 != 0 { return nil }
        if !FileManager.default.fileExists(atPath: compiled.path) {
            guard let listing = TerminalQuery.output(of: "infocmp -x '\(term)' 2>/dev/null"), let text = derived(from: listing, name: name) else { return nil }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let source = folder.appendingPathComponent("\(name).src")
            guard (try? text.write(to: source, atomically: true, encoding: .utf8)) != nil,
                TerminalQuery.output(of: "tic -x -o '\(folder.path)' '\(source.path)' 2>/dev/null") != nil,
                FileManager.default.fileExists(atPath: compiled.path)
            else { return nil }
        }
        return (name, folder.path)
    }

    /// `body` with `TERMINFO` set to `folder`, then as it was (so that programs started
    /// later find their own terminal's description).
    static func with<T>(folder: String?, _ body: () -> T) -> T {
        guard let folder else { return body() }
        let saved = getenv("TERMINFO").map { String(cString: $0) }
        setenv("TERMINFO", folder, 1)
        defer { if let saved { setenv("TERMINFO", saved, 1) } else { unsetenv("TERMINFO") } }
        return body()
    }
}
