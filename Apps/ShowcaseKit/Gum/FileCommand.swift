import IndicatorKit

/// `showcase file`, gum's: a folder's entries to move through and a file (or a folder)
/// chosen, its path printed.
package struct FileCommand: Equatable, Sendable {
    package var path = "."
    package var cursor = ">"
    package var showsHidden = false
    package var showsPermissions = true
    package var showsSizes = true
    package var allowsFiles = true
    package var allowsDirectories = false
    package var height = 10
    package var showsHelp = true
    package var header: String?
    package var timeout: Duration?
    package var styles: [String: GumStyle] = [:]

    static func parse(_ words: [String], environment: [String: String]) throws(UsageError) -> FileCommand {
        let spec = ShowcaseCommandLine.file
        let parsed = try spec.parse(words, environment: environment)
        guard parsed.operands.count <= 1 else { throw UsageError("`file` starts in one folder: give one PATH") }
        var command = FileCommand()
        command.path = parsed.operands.first ?? environment["GUM_FILE_PATH"] ?? "."
        command.cursor = parsed.value("--cursor") ?? ">"
        command.showsHidden = parsed.flag("--all")
        command.showsPermissions = !parsed.flag("--no-permissions")
        command.showsSizes = !parsed.flag("--no-size")
        command.allowsDirectories = parsed.flag("--directory")
        command.allowsFiles = !parsed.flag("--no-file") && !(command.allowsDirectories && !parsed.flag("--file"))
        command.height = try parsed.number("--height", in: 1...1000, what: "a number of rows") ?? 10
        command.showsHelp = !parsed.flag("--no-show-help")
        command.header = parsed.value("--header")
        command.timeout = try parsed.value("--timeout").map { text throws(UsageError) in try AskCommand.duration(text, flag: "--timeout") }
        for part in spec.styleParts { command.styles[part] = try parsed.style(part) }
        return command
    }

    /// The picker it shows.
    @MainActor
    package func picker() -> FilePicker {
        let picker = FilePicker(directory: path)
        picker.cursor = cursor
        picker.showsHidden = showsHidden
        picker.showsPermissions = showsPermissions
        picker.showsSizes = showsSizes
        picker.allowsFiles = allowsFiles
        picker.allowsDirectories = allowsDirectories
        picker.height = height
        picker.showsHelp = showsHelp
        let parts: [(String, ReferenceWritableKeyPath<FilePicker, Style>)] = [
            ("cursor", \.cursorStyle), ("selected", \.selectedStyle), ("directory", \.directoryStyle), ("symlink", \.symbolicLinkStyle),
            ("file", \.fileStyle), ("permissions", \.permissionsStyle), ("file-size", \.sizeStyle),
        ]
        for (part, keyPath) in parts { if let style = styles[part] { picker[keyPath: keyPath] = style.applied(to: picker[keyPath: keyPath]) } }
        return picker
    }
}
