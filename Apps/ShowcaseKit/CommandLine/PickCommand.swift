import Foundation
import IndicatorKit
import KitSupport
import PhotoReaders
import PickerSelection
import Prompts

/// `showcase pick ITEM…`: choose among the items inline, in an order, and print the chosen,
/// one a line, in the order chosen (as fzf's multi-select, with the picker's order numbers).
/// It is drawn on the terminal even when standard output goes to a pipe, so
/// `vim $(showcase pick *.swift)` works; the rows are erased when it ends.
package struct PickCommand: Equatable, Sendable {
    /// What may be chosen, in the order given.
    package var items: [String]
    /// The question (default: "Pick").
    package var title: String
    /// The most that may be chosen (`--limit`); 1 chooses one.
    package var limit: Int?
    /// Whether each chosen item ends with a NUL instead of a newline (`--null`, `-0`), as
    /// `find -print0` and `xargs -0` expect: its bytes as they are, wherever they go.
    package var nullSeparated = false
    /// Whether it opens typing a filter (`showcase filter`, as `gum filter`).
    package var startsFiltering = false
    /// gum's settings for `choose` and `filter` (all as gum's defaults for `pick`).
    package var gum = GumSettings()

    /// What `choose` and `filter` take from gum besides the items and the limit.
    package struct GumSettings: Equatable, Sendable {
        /// The most items shown at once.
        package var height = 10
        /// The items chosen at the start (`*`: all).
        package var selected: [String] = []
        /// With one item only, it is printed without asking.
        package var selectsIfOne = false
        /// What ends each item printed.
        package var outputDelimiter = "\n"
        /// How long it waits (nil: as long as it takes); then it ends with 124.
        package var timeout: Duration?
        /// Whether the keys' line shows.
        package var showsHelp = true
        /// The mark before the focused item (nil: the theme's).
        package var cursor: String?
        /// What the filter shows while empty, and the filter to start with.
        package var placeholder = ""
        package var filter = ""
        /// gum's style flags, by part.
        package var styles: [String: GumStyle] = [:]

        package init() {}
    }

    package init(items: [String], title: String = "Pick", limit: Int? = nil, nullSeparated: Bool = false, startsFiltering: Bool = false) {
        self.items = items
        self.title = title
        self.limit = limit
        self.nullSeparated = nullSeparated
        self.startsFiltering = startsFiltering
    }

    /// Reads `showcase pick`'s words. With no ITEM, the items are standard input's lines
    /// (``items(fromStandardInput:)``), as gum's.
    static func parse(_ arguments: [String]) throws(UsageError) -> PickCommand {
        let parsed = try ShowcaseCommandLine.pick.parse(arguments)
        return PickCommand(
            items: parsed.operands,
            title: parsed.value("--title") ?? "Pick",
            limit: try parsed.number("--limit", in: 1...1_000_000, what: "a number of items"),
            nullSeparated: parsed.flag("--null") || parsed.flag("-0")
        )
    }

    /// Reads `showcase choose`'s or `showcase filter`'s words (gum's): one item unless
    /// `--limit N` or `--no-limit`; `--header` the question; `filter` opens typing.
    static func parseGum(_ arguments: [String], filtering: Bool, environment: [String: String] = [:]) throws(UsageError) -> PickCommand {
        let spec = filtering ? ShowcaseCommandLine.filter : ShowcaseCommandLine.choose
        let parsed = try spec.parse(arguments, environment: environment)
        let limit = try parsed.number("--limit", in: 1...1_000_000, what: "a number of items")
        if limit != nil, parsed.flag("--no-limit") { throw UsageError("`--limit` and `--no-limit` say different things: give one") }
        var command = PickCommand(
            items: parsed.operands,
            title: parsed.value("--header") ?? (filtering ? "Filter" : "Choose"),
            limit: parsed.flag("--no-limit") ? nil : limit ?? 1,
            nullSeparated: parsed.flag("--null") || parsed.flag("-0"),
            startsFiltering: filtering
        )
        var gum = GumSettings()
        gum.height = try parsed.number("--height", in: 1...1000, what: "a number of rows") ?? 10
        gum.selected = parsed.value("--selected").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        gum.selectsIfOne = parsed.flag("--select-if-one")
        gum.outputDelimiter = parsed.value("--output-delimiter") ?? "\n"
        gum.timeout = try parsed.value("--timeout").map { text throws(UsageError) in try AskCommand.duration(text, flag: "--timeout") }
        gum.showsHelp = !parsed.flag("--no-show-help")
        gum.cursor = filtering ? parsed.value("--indicator") : parsed.value("--cursor")
        if filtering {
            gum.placeholder = parsed.value("--placeholder") ?? "Filter..."
            gum.filter = parsed.value("--value") ?? ""
            _ = try parsed.number("--width", in: 0...10_000, what: "a number of columns")
        }
        for part in spec.styleParts { gum.styles[part] = try parsed.style(part) }
        command.gum = gum
        return command
    }

    /// The lines standard input's bytes give: each without its line end (`\n` or `\r\n`; a
    /// last line without one counted), empty lines left out, as their own bytes (printed as
    /// they came) and as shown (bytes that are not UTF-8 as U+FFFD).
    /// The most standard input read for items: 256 MiB (fzf reads more, but lists take several
    /// times their bytes in memory; a larger list is better cut with `grep` or `head` first).
    package static let inputLimit = 256 << 20

    /// Why the items could not be read.
    package struct ReadFailure: Error {
        package let message: String
    }

    /// The lines of `descriptor` (standard input) to its end, read a chunk at a time, at most
    /// `limit` bytes: more is refused, saying what to do, as is a read that fails.
    package static func readLines(from descriptor: Int32, limit: Int = inputLimit) -> Result<[(shown: String, bytes: [UInt8])], ReadFailure> {
        var reader = LineReader(limit: limit)
        var lines: [InputLine] = []
        while true {
            switch reader.read(descriptor) {
            case .failure(let failure): return .failure(failure)
            case .success(let read):
                lines += read
                if reader.hasEnded { return .success(lines.map { ($0.shown, $0.bytes) }) }
            }
        }
    }

    /// All of `descriptor`'s text to its end (at most `limit` bytes; more is refused, saying
    /// what to do), its blank lines kept: what `style`, `format` and `table` read. Bytes
    /// that are not UTF-8 are read as U+FFFD.
    package static func readText(from descriptor: Int32, limit: Int = 64 << 20) -> Result<String, ReadFailure> {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var bytes = Data()
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 65_536)
            } catch {
                return .failure(ReadFailure(message: "cannot read standard input: \((error as NSError).localizedDescription)"))
            }
            guard let chunk, !chunk.isEmpty else { return .success(String(decoding: bytes, as: UTF8.self)) }
            bytes += chunk
            if bytes.count > limit { return .failure(ReadFailure(message: "standard input holds more than \(limit >> 20) MiB; cut it first (`head`)")) }
        }
    }

    package static func lines(fromStandardInput bytes: [UInt8]) -> [(shown: String, bytes: [UInt8])] {
        var splitter = LineSplitter()
        return (splitter.feed(bytes[...]) + splitter.finish()).map { ($0.shown, $0.bytes) }
    }

    /// Why `lines` cannot be printed as ``nullSeparated`` asks, if they cannot: a line of
    /// standard input that holds a NUL byte would come out as two items to whatever reads
    /// the NUL-separated answer (`xargs -0`).
    package func nullConflict(in lines: [(shown: String, bytes: [UInt8])]) -> String? {
        nullConflict(atItem: lines.firstIndex { $0.bytes.contains(0) })
    }

    /// The same for the item at `index` (nil: none) that holds a NUL byte.
    package func nullConflict(atItem index: Int?) -> String? {
        guard nullSeparated, let index else { return nil }
        return "item \(index + 1) of standard input holds a NUL byte, and --null ends each item printed with one; "
            + "drop --null, or the NUL bytes first (`tr -d '\\000'`)"
    }

    /// The prompt, its thumbnails drawn in the style `style` gives when the first is drawn
    /// (once the terminal is open and has said what it shows) for items that are pictures
    /// (GIF, PNG, JPEG files): the answer is read from it once it has run.
    /// Each item is listed as `shown` writes it (``RawArguments/showing(_:)``: a name that
    /// is not valid UTF-8 with its bad bytes as U+FFFD, not the descriptor path that reads it).
    @MainActor
    package func prompt(
        thumbnails style: @escaping @MainActor () -> ImageStyle,
        shown: @escaping @MainActor (String) -> String = { $0 }
    ) -> ChoicePrompt<String> {
        let chosen = limit == 1 ? [] : items.indices.filter { gum.selected.contains("*") || gum.selected.contains(items[$0]) }
        let focused = limit == 1 ? items.firstIndex { gum.selected.contains($0) } ?? 0 : 0
        let prompt = ChoicePrompt(
            title,
            choices: items,
            mode: limit == 1 ? .single : .multiple(limit: limit),
            chosen: chosen,
            focused: focused,
            pageSize: gum.height,
            label: shown
        )
        prompt.leavesSummary = false
        prompt.startsFiltering = startsFiltering
        prompt.showsHelp = gum.showsHelp
        prompt.filterPlaceholder = gum.placeholder
        var theme = PromptTheme.current
        if let cursor = gum.cursor { theme.cursor = cursor.trimmingCharacters(in: .whitespaces) }
        let styles = gum.styles
        func restyle(_ keyPath: WritableKeyPath<PromptTheme, Style>, _ parts: String...) {
            for part in parts { if let style = styles[part] { theme[keyPath: keyPath] = style.applied(to: theme[keyPath: keyPath]) } }
        }
        restyle(\.focused, "cursor", "cursor-text", "indicator")
        restyle(\.title, "header")
        restyle(\.choice, "item", "text")
        restyle(\.chosen, "selected", "selected-indicator")
        restyle(\.matched, "match")
        restyle(\.hint, "placeholder")
        restyle(\.markStyle, "prompt")
        prompt.theme = theme
        for character in gum.filter { _ = prompt.handle(.key(.character(character))) }  // `filter --value`: as if typed
        let reader = PhotoReader.photos(memory: .default)
        if items.contains(where: { Thumbnail.isPicture($0, reader: reader) }) {
            let thumbnails = Thumbnails(reader: reader, style: style)
            prompt.preview = { thumbnails.view(for: $0) }
        }
        return prompt
    }

    /// What `showcase pick` prints once the prompt was answered: the chosen, one a line, or
    /// each ended by a NUL (``nullSeparated``), each as the bytes `bytes` gives for its index
    /// in ``items`` (the user's own, for a name or a line that is not valid UTF-8). Into a
    /// pipe or a file they go as they are; on a terminal (`toTerminal`) a line's control
    /// characters and bytes that are not UTF-8 are shown escaped, as `ls -b` shows them
    /// (`\033`, `\n`, `\\`, `\377`), so a name cannot move the cursor, set the title or clear
    /// the screen.
    @MainActor
    package func output(
        _ prompt: ChoicePrompt<String>,
        toTerminal: Bool,
        bytes: ((Int) -> [UInt8])? = nil
    ) -> [UInt8]? {
        guard let chosen = prompt.answerIndices?.map({ bytes?($0) ?? Array(items[$0].utf8) }) else { return nil }
        if nullSeparated { return chosen.flatMap { $0 + [0] } }
        return chosen.flatMap { (toTerminal ? Array(Self.escaped($0).utf8) : $0) + Array(gum.outputDelimiter.utf8) }
    }

    /// `bytes` with its control characters (C0, DEL, C1), its backslashes and what is not
    /// valid UTF-8 escaped, as `ls -b` escapes them.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest run that is valid UTF-8, then one byte that starts none.
            let valid = Self.validPrefixLength(rest)
            out += escaped(String(decoding: rest.prefix(valid), as: UTF8.self))
            rest = rest.dropFirst(valid)
            if let bad = rest.first {
                out += "\\" + String(bad, radix: 8).leftPadded(to: 3)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// How many bytes at the start of `bytes` are whole, valid UTF-8.
    private static func validPrefixLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var length = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): length += UTF8.width(scalar)
            case .emptyInput, .error: return length
            }
        }
    }

    /// `text` with its control characters (C0, DEL, C1) and backslashes escaped, as `ls -b`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                for byte in String(scalar).utf8 { out += "\\" + String(byte, radix: 8).leftPadded(to: 3) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The thumbnails of the pictures among the items. Each is read off the main actor, so keys
/// are answered while a large picture decodes; one at a time (a 7800² PNG takes 240 MB while
/// it is decoded), the one focused last read next; and each keeps its pixels only at the size
/// it is shown.
@MainActor
final class Thumbnails {
    private let reader: PhotoReader
    private let makeStyle: @MainActor () -> ImageStyle
    private lazy var style = makeStyle()
    private var drawn: [String: Thumbnail] = [:]
    /// The thumbnail being read, and the one to read after it.
    private var reading: Thumbnail?
    private var waiting: Thumbnail?
    /// A cell's size in pixels, as the style says.
    var cellPixels: Size? { style.cellPixels }

    init(reader: PhotoReader, style: @escaping @MainActor () -> ImageStyle) {
        self.reader = reader
        makeStyle = style
    }

    /// A view of `path`'s picture, or nil when it is none (or cannot be read).
    func view(for path: String) -> (any View)? {
        guard Thumbnail.isPicture(path, reader: reader) else { return nil }
        if let known = drawn[path] { return known }
        let thumbnail = Thumbnail(path: path, owner: self)
        if drawn.count > 256 { drawn.removeAll() }  // a picture a key at most; bounded
        drawn[path] = thumbnail
        return thumbnail
    }

    /// Reads `thumbnail` at the size it asks for: now, or once the read under way ends.
    fileprivate func read(_ thumbnail: Thumbnail) {
        guard reading !== thumbnail else { return }  // it asks again when that read ends
        guard reading == nil else {
            waiting = thumbnail
            return
        }
        reading = thumbnail
        let (path, size, reader, style) = (thumbnail.path, thumbnail.wanted, reader, style)
        Task {
            let content = await Task.detached(priority: .userInitiated) {
                Thumbnail.read(path, fitting: size, reader: reader, style: style)
            }.value
            reading = nil
            thumbnail.show(content, size: size)
            if let next = waiting {
                waiting = nil
                if next.needsReading { read(next) }
            }
        }
    }
}

/// One picture file fitted to where it is drawn: as pixels where the style says the terminal
/// draws them, else in block symbols; "(cannot be read)" when it is no picture after all.
@MainActor
final class Thumbnail: View {
    /// What is drawn: a picture scaled down to the pixels it covers, cells, or nothing.
    enum Content: Sendable {
        case pixels(RGBAImage)
        case cells(Canvas)
        case unreadable
    }

    let path: String
    private weak var owner: Thumbnails?
    /// The size last drawn in, and what was read for a size.
    private(set) var wanted = Size.zero
    private(set) var shown: (size: Size, content: Content)?
    private var host = HostLink()

    init(path: String, owner: Thumbnails) {
        self.path = path
        self.owner = owner
    }

    static func isPicture(_ path: String, reader: PhotoReader) -> Bool {
        reader.fileExtensions.contains((path as NSString).pathExtension.lowercased()) && FileManager.default.isReadableFile(atPath: path)
    }

    /// Whether what is shown was read for another size than the one drawn last.
    var needsReading: Bool { shown?.size != wanted }

    /// Reads `path` for `size` cells: its pixels scaled down to what those cells cover, or
    /// its cells (off the main actor: a large picture takes a second to decode).
    nonisolated static func read(_ path: String, fitting size: Size, reader: PhotoReader, style: ImageStyle) -> Content {
        if style.pixels {
            let cell = style.cellPixels ?? Size(width: 10, height: 20)
            let box = Size(width: size.width * cell.width, height: size.height * cell.height)
            guard let picture = try? reader.readForThumbnail(path, max(box.width, box.height)).image else { return .unreadable }
            let fitted = ImageLayout.pixels(for: Size(width: picture.width, height: picture.height), in: box)
            return .pixels(fitted.width < picture.width ? picture.scaled(to: fitted) : picture)
        }
        let (columns, rows) = style.symbols.grid
        guard let picture = try? reader.readForThumbnail(path, max(size.width * columns, size.height * rows)).image else { return .unreadable }
        return .cells(style.rasterize(picture, fitting: size))
    }

    /// Keeps `content`, read for `size`, and asks for a frame to show it.
    func show(_ content: Content, size: Size) {
        shown = (size, content)
        if needsReading { owner?.read(self) }
        host.request(nil)
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        host.note()
        guard !rect.isEmpty else { return }
        wanted = rect.size
        guard let shown, shown.size == rect.size else {
            owner?.read(self)
            canvas.draw("reading…", at: rect.origin, style: Style(attributes: .dim), clip: rect)
            return
        }
        switch shown.content {
        case .pixels(let picture):
            let size = ImageLayout.cells(for: Size(width: picture.width, height: picture.height), in: rect.size, cellPixels: owner?.cellPixels)
            canvas.place(picture, key: path.hashValue, in: Rect(origin: rect.origin, size: size), clip: rect)
        case .cells(let drawn):
            canvas.blit(drawn, at: rect.origin)
        case .unreadable:
            canvas.draw("(cannot be read)", at: rect.origin, style: Style(attributes: .dim), clip: rect)
        }
    }
}

extension String {
    /// Padded on the left with zeros to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// A line of standard input: as shown (bytes that are not UTF-8 as U+FFFD) and, only when it
/// is not valid UTF-8, its own bytes (printed as they came); a million lines cost their text
/// once.
package struct InputLine: Equatable, Sendable {
    package let shown: String
    /// The line's bytes when they are not valid UTF-8; nil when ``shown`` holds them.
    package let raw: [UInt8]?

    /// The line's own bytes.
    package var bytes: [UInt8] { raw ?? Array(shown.utf8) }
    /// Whether it holds a NUL byte.
    package var holdsNul: Bool { raw?.contains(0) ?? shown.utf8.contains(0) }

    init(_ bytes: ArraySlice<UInt8>) {
        if let valid = String(validating: bytes, as: UTF8.self) {
            shown = valid
            raw = nil
        } else {
            shown = String(decoding: bytes, as: UTF8.self)
            raw = Array(bytes)
        }
    }
}

/// Standard input's bytes, as they come a chunk at a time, into lines: each without its line
/// end (`\n` or `\r\n`), empty lines left out, a line split across chunks kept whole.
package struct LineSplitter {
    /// The start of a line whose end has not come.
    private var partial: [UInt8] = []

    package init() {}

    /// The lines `chunk` ends.
    package mutating func feed(_ chunk: ArraySlice<UInt8>) -> [InputLine] {
        var lines: [InputLine] = []
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if partial.isEmpty {
                add(chunk[start..<newline], to: &lines)
            } else {
                partial += chunk[start..<newline]
                add(partial[...], to: &lines)
                partial = []
            }
            start = newline + 1
        }
        partial += chunk[start...]
        return lines
    }

    /// The last line, when the input ended without a line end.
    package mutating func finish() -> [InputLine] {
        var lines: [InputLine] = []
        add(partial[...], to: &lines)
        partial = []
        return lines
    }

    private func add(_ line: ArraySlice<UInt8>, to lines: inout [InputLine]) {
        let own = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        if !own.isEmpty { lines.append(InputLine(own)) }
    }
}

/// Reads standard input's lines a chunk at a time, at most `limit` bytes in all: what one
/// read gives, and whether the input has ended.
package struct LineReader {
    private var splitter = LineSplitter()
    private var total = 0
    let limit: Int
    /// Whether the input has ended (its last line given).
    package private(set) var hasEnded = false

    package init(limit: Int = PickCommand.inputLimit) { self.limit = limit }

    /// The lines one read of `descriptor` (1 MiB at most) ends; at the end of the input the
    /// last one. More than `limit` bytes in all, or a read that fails, is a failure that
    /// says what to do.
    package mutating func read(_ descriptor: Int32) -> Result<[InputLine], PickCommand.ReadFailure> {
        guard !hasEnded else { return .success([]) }
        switch Descriptor.readSome(descriptor, upTo: 1 << 20) {
        case .failure(let failure):
            return .failure(PickCommand.ReadFailure(message: "standard input could not be read: \(failure.message)"))
        case .success(let chunk) where chunk.isEmpty:
            hasEnded = true
            return .success(splitter.finish())
        case .success(let chunk):
            total += chunk.count
            guard total <= limit else {
                return .failure(PickCommand.ReadFailure(message: "standard input holds more than \(limit >> 20) MiB of items; cut it first (`grep`, `head`)"))
            }
            return .success(splitter.feed(chunk[...]))
        }
    }
}
