import Foundation
import ViewCore

/// A file chooser, as bubbles' `filepicker` and `gum file`: a folder's entries (folders
/// first, then files, each sorted by name), their permissions and sizes; ↑/↓ (k/j),
/// PgUp/PgDn, Home/End (g/G) move, →/l or Enter open a folder, ←/h or Backspace go up,
/// Enter on a file chooses it (``chosen``, quits with 0; on a folder too where
/// ``allowsDirectories``), Esc or q cancels (1). A folder
/// that cannot be read is said in a line under the list, and the picker stays where it was.
///
/// ```swift
/// let picker = FilePicker(directory: "~/Pictures")
/// picker.allowedExtensions = ["gif", "png"]
/// let status = try await TerminalApp.run(picker, viewport: .inline(rows: picker.preferredHeight, ending: .clear))
/// if status == 0, let path = picker.chosen { print(path) }
/// ```
///
/// It reads folders when it opens one (a key), never while drawing; `lister` is how (a
/// test's own, say).
@MainActor
public final class FilePicker: View {
    /// An entry of a folder.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var isDirectory: Bool
        public var isSymbolicLink: Bool
        /// Its size in bytes (nil for a folder).
        public var size: Int64?
        /// `drwxr-xr-x`, as `ls -l` writes it.
        public var permissions: String

        public init(name: String, isDirectory: Bool, isSymbolicLink: Bool = false, size: Int64? = nil, permissions: String = "") {
            self.name = name
            self.isDirectory = isDirectory
            self.isSymbolicLink = isSymbolicLink
            self.size = size
            self.permissions = permissions
        }
    }

    /// Reads a folder's entries (not sorted, hidden ones included).
    public typealias Lister = @MainActor (String) throws -> [Entry]

    /// The folder shown, as an absolute path.
    public private(set) var directory: String
    /// Its entries as shown: folders first, then files, by name; hidden ones only with ``showsHidden``.
    public private(set) var entries: [Entry] = []
    /// The selected entry's index in ``entries``.
    public private(set) var selected = 0
    /// The path chosen, once Enter took one.
    public private(set) var chosen: String?
    /// Why the last folder could not be opened, until the next key.
    public private(set) var problem: String?
    /// Whether names starting with `.` are shown.
    public var showsHidden = false {
        didSet { reload() }
    }
    /// Whether a file may be chosen (gum's `--file`).
    public var allowsFiles = true
    /// Whether a folder may be chosen: Enter chooses it, →/l opens it (gum's `--directory`).
    public var allowsDirectories = false
    /// The extensions of the files shown (lower case, no dot); empty: every file.
    public var allowedExtensions: Set<String> = [] {
        didSet { reload() }
    }
    /// Whether each entry shows its permissions, and its size.
    public var showsPermissions = true
    public var showsSizes = true
    /// The rows of entries shown at once.
    public var height = 10
    /// Written before the selected entry.
    public var cursor = ">"
    /// The styles of the parts (gum's defaults).
    public var cursorStyle = Style(foreground: .palette(212))
    public var selectedStyle = Style(foreground: .palette(212), attributes: .bold)
    public var directoryStyle = Style(foreground: .palette(99))
    public var symbolicLinkStyle = Style(foreground: .palette(36))
    public var fileStyle = Style.plain
    public var permissionsStyle = Style(foreground: .palette(244))
    public var sizeStyle = Style(foreground: .palette(240))
    /// Whether the keys' line shows under the list.
    public var showsHelp = true

    private let lister: Lister
    private var offset = 0

    /// A picker on `directory` (`~` is the home folder; relative paths start at the current
    /// folder), reading folders with `lister`.
    public init(directory: String = ".", lister: @escaping Lister = FilePicker.entries(in:)) {
        self.lister = lister
        self.directory = Self.absolute(directory)
        reload()
    }

    /// The rows it draws on: the path, the entries and the keys' line.
    public var preferredHeight: Int { 1 + height + (showsHelp ? 1 : 0) }

    /// The selected entry (nil in an empty folder).
    public var selectedEntry: Entry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// `path` made absolute, `~` expanded, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let full = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// Reads ``directory`` again, keeping the selected entry where it still is.
    public func reload() {
        let keep = selectedEntry?.name
        do {
            let read = try lister(directory)
            entries = read.filter { entry in
                (showsHidden || !entry.name.hasPrefix("."))
                    && (entry.isDirectory || allowedExtensions.isEmpty || allowedExtensions.contains((entry.name as NSString).pathExtension.lowercased()))
            }
            .sorted { $0.isDirectory != $1.isDirectory ? $0.isDirectory : $0.name.localizedStandardCompare($1.name) == .orderedAscending }
            problem = nil
        } catch {
            problem = "cannot read \(directory): \(Self.reason(error))"
        }
        selected = keep.flatMap { name in entries.firstIndex { $0.name == name } } ?? 0
        offset = 0
        keepInView()
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
        return (error as NSError).localizedDescription
    }

    /// `path`'s entries, read from the file system (a link's kind is its target's).
    public static func entries(in path: String) throws -> [Entry] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: path).map { name in
            let full = path == "/" ? "/" + name : path + "/" + name
            let own = try? manager.attributesOfItem(atPath: full)
            let isLink = (own?[.type] as? FileAttributeType) == .typeSymbolicLink
            let target = isLink ? (try? manager.attributesOfItem(atPath: full)) ?? own : own
            var isDirectory: ObjCBool = false
            let exists = manager.fileExists(atPath: full, isDirectory: &isDirectory)
            let mode = (own?[.posixPermissions] as? NSNumber)?.intValue ?? 0
            let kind = isLink ? "l" : (exists && isDirectory.boolValue) ? "d" : "-"
            let bits = (0..<9).map { bit in (mode >> (8 - bit)) & 1 == 1 ? Array("rwxrwxrwx")[bit] : "-" }
            return Entry(
                name: name,
                isDirectory: exists && isDirectory.boolValue,
                isSymbolicLink: isLink,
                size: exists && isDirectory.boolValue ? nil : (target?[.size] as? NSNumber)?.int64Value,
                permissions: kind + String(bits)
            )
        }
    }

    /// `bytes` as bubbles' filepicker shows a size (decimal units: `512 B`, `4.1 kB`, `12 MB`).
    static func sizeText(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return value < 10 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value)) \(units[unit])"
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        canvas.draw(directory.sanitizedForTerminal.truncated(toWidth: rect.width), at: rect.origin, style: directoryStyle, clip: rect)
        let list = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: max(0, min(height, rect.height - 1 - (showsHelp ? 1 : 0))))
        if entries.isEmpty, list.height > 0 {
            canvas.draw("  (empty)", at: list.origin, style: permissionsStyle, clip: list)
        }
        for (row, index) in (offset..<min(entries.count, offset + list.height)).enumerated() {
            let entry = entries[index]
            let y = list.y + row
            let isSelected = index == selected
            var x = list.x
            x += canvas.draw(
                isSelected ? cursor + " " : String(repeating: " ", count: cursor.displayWidth + 1),
                at: Point(x: x, y: y),
                style: cursorStyle,
                clip: list
            )
            if showsPermissions {
                x += canvas.draw(entry.permissions + " ", at: Point(x: x, y: y), style: isSelected ? selectedStyle : permissionsStyle, clip: list)
            }
            if showsSizes {
                let size = entry.size.map(Self.sizeText) ?? ""
                x += canvas.draw(
                    String(repeating: " ", count: max(0, 7 - size.count)) + size + " ",
                    at: Point(x: x, y: y),
                    style: isSelected ? selectedStyle : sizeStyle,
                    clip: list
                )
            }
            let style = isSelected ? selectedStyle : entry.isSymbolicLink ? symbolicLinkStyle : entry.isDirectory ? directoryStyle : fileStyle
            canvas.draw(entry.name.sanitizedForTerminal + (entry.isDirectory ? "/" : ""), at: Point(x: x, y: y), style: style, clip: list)
        }
        let last = Rect(x: rect.x, y: list.maxY, width: rect.width, height: 1)
        guard last.maxY <= rect.maxY else { return }
        if let problem {
            canvas.draw("✗ " + problem.sanitizedForTerminal, at: last.origin, style: Style(foreground: .red), clip: last)
        } else if showsHelp {
            HelpView([
                KeyBinding(.up, label: "↑/↓", action: "move"), KeyBinding(.right, label: "→", action: "open"), KeyBinding(.left, label: "←", action: "back"),
                KeyBinding(.enter, label: "enter", action: "choose"), KeyBinding(.escape, label: "esc", action: "cancel"),
            ])
            .render(in: last, on: &canvas)
        }
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard case .key(let key) = event else { return .ignored }
        problem = nil
        switch key {
        case .up, .character("k"): select(selected - 1)
        case .down, .character("j"): select(selected + 1)
        case .pageUp: select(selected - height)
        case .pageDown: select(selected + height)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(entries.count - 1)
        case .right, .character("l"): open()
        case .left, .character("h"), .backspace: goUp()
        case .enter:
            guard let entry = selectedEntry else { return .handled }
            if entry.isDirectory {
                if allowsDirectories { return choose(entry) }
                open()
            } else if allowsFiles {
                return choose(entry)
            }
        case .escape, .character("q"): return .quit(status: 1)
        default: return .ignored
        }
        return .handled
    }

    private func choose(_ entry: Entry) -> EventResult {
        chosen = path(of: entry)
        return .quit(status: 0)
    }

    private func path(of entry: Entry) -> String { directory == "/" ? "/" + entry.name : directory + "/" + entry.name }

    private func select(_ index: Int) {
        selected = max(0, min(entries.count - 1, index))
        keepInView()
    }

    private func keepInView() {
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
    }

    private func open() {
        guard let entry = selectedEntry, entry.isDirectory else { return }
        let before = (directory, entries, selected)
        directory = path(of: entry)
        reload()
        if let problem {
            (directory, entries, selected) = before
            self.problem = problem
            keepInView()
        }
    }

    private func goUp() {
        guard directory != "/" else { return }
        let child = (directory as NSString).lastPathComponent
        directory = (directory as NSString).deletingLastPathComponent
        reload()
        if let index = entries.firstIndex(where: { $0.name == child }) { select(index) }
    }
}
