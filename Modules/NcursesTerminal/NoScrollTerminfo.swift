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
    /// scrolls as usual). The folder, `indicatorkit-terminfo-UID` in the temporary folder, is
    /// made by this user with mode 0700 and then checked itself (a folder, not a link, ours,
    /// 0700): one made by someone else, or a link, is never used. An entry is used only when
    /// it is a regular file of ours that reads as compiled terminfo; anything else in its
    /// place (empty, garbled, a FIFO, a link) is removed and made again. `infocmp` and `tic`
    /// run without a shell, each within ``TerminalQuery/commandTimeout``, and the entry is
    /// compiled in a folder of its own and renamed into place, so that it appears whole.
    static func prepare(_ term: String, in temporary: String) -> (name: String, folder: String)? {
        guard !term.isEmpty, term.count <= 64, term.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-+._".contains($0)) }) else { return nil }
        let name = "ik-noscroll1-" + term  // the number changes with ``leftOut``
        let folder = (temporary as NSString).appendingPathComponent("indicatorkit-terminfo-\(getuid())")
        guard ownFolder(folder) else { return nil }
        let letterFolder = (folder as NSString).appendingPathComponent(String(name.prefix(1)))
        let compiled = (letterFolder as NSString).appendingPathComponent(name)
        switch entryState(compiled) {
        case .valid: return (name, folder)
        case .missing: break
        case .invalid: guard unlink(compiled) == 0 else { return nil }
        }
        guard let listing = TerminalQuery.output(of: ["infocmp", "-x", term]), let text = derived(from: listing, name: name) else { return nil }
        // Compiled in a fresh folder of its own, then renamed into place whole.
        var template = Array((folder as NSString).appendingPathComponent("build-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let scratch = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let source = (scratch as NSString).appendingPathComponent("\(name).src")
        guard FileManager.default.createFile(atPath: source, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
            TerminalQuery.output(of: ["tic", "-x", "-o", scratch, source]) != nil,
            entryState((scratch as NSString).appendingPathComponent("\(name.prefix(1))/\(name)")) == .valid,
            mkdir(letterFolder, 0o700) == 0 || (errno == EEXIST && ownFolder(letterFolder)),
            rename((scratch as NSString).appendingPathComponent("\(name.prefix(1))/\(name)"), compiled) == 0
        else { return nil }
        return (name, folder)
    }

    /// Where the cache folder goes: `TMPDIR` when it is an absolute path, else `/tmp` (an empty
    /// or relative `TMPDIR` would put it wherever the program was started).
    static func temporaryFolder(_ environment: [String: String]) -> String {
        guard let folder = environment["TMPDIR"], folder.hasPrefix("/") else { return "/tmp" }
        return folder
    }

    /// Makes `path` a folder of this user's alone (mode 0700) if it is not there, then checks
    /// that it is one: a folder, not a link, owned by this user, open to no one else.
    static func ownFolder(_ path: String) -> Bool {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid() && status.st_mode & 0o077 == 0
    }

    enum EntryState { case missing, valid, invalid }

    /// Whether `path` holds a compiled terminfo entry of this user's: a regular file (not a
    /// link, a FIFO or a device), ours, at least a header long and starting with terminfo's
    /// magic number (0432 or, for the extended number format, 01036, little-endian).
    static func entryState(_ path: String) -> EntryState {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? .missing : .invalid }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(), status.st_size >= 12, status.st_size <= 1 << 20 else { return .invalid }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return .invalid }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 12)
        guard read(descriptor, &header, 12) == 12 else { return .invalid }
        let magic = Int(header[0]) | Int(header[1]) << 8
        let sizes = stride(from: 2, to: 12, by: 2).map { Int(header[$0]) | Int(header[$0 + 1]) << 8 }
        guard magic == 0o432 || magic == 0o1036, sizes.allSatisfy({ $0 < 0x8000 }), sizes[0] > 0 else { return .invalid }
        return .valid
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
