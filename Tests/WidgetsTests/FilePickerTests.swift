import Foundation
import TUIPilot
import TestSupport
import Testing
import Widgets

/// A file chooser: folders first, opening and going up, choosing, a folder it cannot read.
@MainActor
struct FilePickerTests {
    /// A tree held in memory: folder path → entries.
    static let tree: [String: [FilePicker.Entry]] = [
        "/work": [
            FilePicker.Entry(name: "b.txt", isDirectory: false, size: 3, permissions: "-rw-r--r--"),
            FilePicker.Entry(name: "src", isDirectory: true, permissions: "drwxr-xr-x"),
            FilePicker.Entry(name: ".git", isDirectory: true, permissions: "drwxr-xr-x"),
            FilePicker.Entry(name: "A.gif", isDirectory: false, size: 4_100, permissions: "-rw-r--r--"),
            FilePicker.Entry(name: "closed", isDirectory: true, permissions: "d---------"),
        ],
        "/work/src": [FilePicker.Entry(name: "main.swift", isDirectory: false, size: 12_000_000, permissions: "-rw-r--r--")],
    ]

    static func lister(_ path: String) throws -> [FilePicker.Entry] {
        guard let entries = tree[path] else { throw CocoaError(.fileReadNoPermission) }
        return entries
    }

    @Test func foldersComeFirstAndKeysOpenGoUpAndChoose() {
        let picker = FilePicker(directory: "/work", lister: Self.lister)
        picker.height = 4
        let pilot = Pilot(picker, size: Size(width: 40, height: picker.preferredHeight))
        expectScreen(
            pilot.trimmedLines,
            [
                "/work",
                "> d---------         closed/",
                "  drwxr-xr-x         src/",
                "  -rw-r--r--  4.1 kB A.gif",
                "  -rw-r--r--     3 B b.txt",
                "↑/↓ move • → open • ← back …",
            ]
        )
        pilot.press(.down, .right)
        #expect(picker.directory == "/work/src" && pilot.trimmedLines[1] == "> -rw-r--r--   12 MB main.swift")
        pilot.press(.left)
        #expect(picker.directory == "/work" && picker.selectedEntry?.name == "src", "back up, on the folder it came from")
        pilot.press(.up, .enter)
        #expect(picker.directory == "/work" && picker.problem?.hasPrefix("cannot read /work/closed: ") == true)
        #expect(pilot.trimmedLines.last?.hasPrefix("✗ cannot read /work/closed") == true, "said, and the picker stays where it was")
        pilot.press(.end)
        #expect(picker.handle(.key(.enter)) == .quit(status: 0) && picker.chosen == "/work/b.txt")
    }

    @Test func hiddenEntriesExtensionsAndFolderChoices() {
        let picker = FilePicker(directory: "/work", lister: Self.lister)
        #expect(picker.entries.map(\.name) == ["closed", "src", "A.gif", "b.txt"])
        picker.showsHidden = true
        picker.allowedExtensions = ["gif"]
        #expect(picker.entries.map(\.name) == [".git", "closed", "src", "A.gif"], "folders stay; only .gif files")
        picker.allowsDirectories = true
        picker.allowsFiles = false
        let pilot = Pilot(picker, size: Size(width: 40, height: 8))
        #expect(picker.selectedEntry?.name == "closed", "the selected entry stays selected as the list changes")
        pilot.press(.down)
        #expect(picker.handle(.key(.enter)) == .quit(status: 0) && picker.chosen == "/work/src", "Enter chooses a folder")
        let cancelled = FilePicker(directory: "/work", lister: Self.lister)
        #expect(cancelled.handle(.key(.escape)) == .quit(status: 1) && cancelled.chosen == nil)
    }

    @Test func itReadsARealFolder() throws {
        let folder = try makeTemporaryFolder("picker")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data(count: 1_500).write(to: folder.appendingPathComponent("data.bin"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "inner")
        let entries = try FilePicker.entries(in: folder.path).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["data.bin", "inner", "link"])
        #expect(entries[0].size == 1_500 && entries[0].permissions.hasPrefix("-rw") && !entries[0].isDirectory)
        #expect(entries[1].isDirectory && entries[1].permissions.hasPrefix("d"))
        #expect(entries[2].isSymbolicLink && entries[2].isDirectory && entries[2].permissions.hasPrefix("l"), "a link to a folder opens as one")
    }
}
