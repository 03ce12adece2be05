import Foundation
import KitSupport
import TerminalScreen
import ViewCore

/// An asciinema recording (a "cast"): the terminal's size and what the program wrote, when.
/// Reads version 2 (times from the start) and version 3 (times from the event before);
/// writes version 2, which every player reads.
public struct Cast: Sendable {
    /// One piece of output and when it came, in seconds from the start.
    public struct Output: Equatable, Sendable {
        public var seconds: Double
        public var text: String

        public init(seconds: Double, text: String) {
            self.seconds = seconds
            self.text = text
        }
    }

    public var columns: Int
    public var rows: Int
    /// The output, in the order it came (input, marker and resize events are left out).
    public var outputs: [Output]
    /// The shell named in the header, if any.
    public var shell: String?

    public init(columns: Int, rows: Int, outputs: [Output] = [], shell: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.outputs = outputs
        self.shell = shell
    }

    /// Reads a cast; the error names the line that is not one.
    public static func parse(_ text: String) throws(RecordingError) -> Cast {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).lazy.enumerated().makeIterator()
        guard let (_, headerLine) = lines.next(), let header = json(headerLine) as? [String: Any] else {
            throw RecordingError(description: "line 1: a cast starts with a JSON header (`{\"version\": 2, \"width\": 80, \"height\": 24}`)")
        }
        let version = header["version"] as? Int ?? 0
        let size = header["term"] as? [String: Any] ?? header
        guard version == 2 || version == 3,
            let columns = (size["cols"] ?? size["width"]) as? Int,
            let rows = (size["rows"] ?? size["height"]) as? Int,
            (1...4096).contains(columns), (1...4096).contains(rows)
        else {
            throw RecordingError(
                description: "line 1: the header is not one of asciinema's version 2 or 3 (it needs \"version\" and the terminal's size, 1 to 4096 cells)"
            )
        }
        var cast = Cast(columns: columns, rows: rows, shell: (header["env"] as? [String: Any])?["SHELL"] as? String)
        var clock = 0.0
        while let (index, line) = lines.next() {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("#") else { continue }
            guard let event = json(line) as? [Any], event.count == 3, let time = (event[0] as? NSNumber)?.doubleValue, time >= 0,
                let code = event[1] as? String, let data = event[2] as? String
            else {
                throw RecordingError(description: "line \(index + 1): an event is `[time, \"o\", \"text\"]`, and this is not one")
            }
            clock = version == 3 ? clock + time : max(clock, time)
            if code == "o" { cast.outputs.append(Output(seconds: clock, text: data)) }
        }
        return cast
    }

    private static func json(_ line: Substring) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }

    /// The cast in version 2: a header line, then a line for each output.
    public func encoded(timestamp: Date = Date()) -> String {
        var environment = "\"TERM\": \"xterm-256color\""
        if let shell { environment += ", \"SHELL\": \(shell.jsonQuoted)" }
        var lines = [
            "{\"version\": 2, \"width\": \(columns), \"height\": \(rows), \"timestamp\": \(Int(timestamp.timeIntervalSince1970)), \"env\": {\(environment)}}"
        ]
        for output in outputs { lines.append("[\(String(format: "%.6f", output.seconds)), \"o\", \(output.text.jsonQuoted)]") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A cast played into a terminal screen and drawn, frame by frame, into a GIF — what agg
/// does, with the kit's emulator, font rasteriser and encoder.
///
/// ```swift
/// let cast = try Cast.parse(try String(contentsOfFile: "demo.cast", encoding: .utf8))
/// let gif = try CastRenderer(fontSize: 16).gif(of: cast)
/// try gif.data.write(to: URL(fileURLWithPath: "demo.gif"))
/// ```
public struct CastRenderer {
    /// Frames a second at most: output that comes faster is drawn once per frame.
    public var framesPerSecond = 30
    /// The longest pause kept: a longer one is cut to this (nil keeps every pause).
    public var idleTimeLimit: Double? = 5
    /// How long the last screen shows before the GIF loops, in seconds.
    public var lastFramePause = 3.0
    /// How much faster than it was recorded the GIF plays.
    public var speed = 1.0
    public var theme = RecordingTheme.standard
    public var padding = 10
    private let renderer: CellRenderer

    /// A renderer drawing text at `fontSize` pixels with the fonts in `files`, lines
    /// `lineHeight` times the font size (agg's 1.4 by default).
    public init(fontSize: Int = 14, lineHeight: Double = 1.4, files: [String] = CellRenderer.defaultFontFiles) throws(FontError) {
        // The font's own line is about 1.17 of its size (DejaVu Sans Mono's): scaled to the height asked.
        renderer = try CellRenderer(fontSize: fontSize, files: files, lineHeight: lineHeight / 1.17)
    }

    /// What rendering made: the GIF, its frames and its size in pixels.
    public struct Rendering: Sendable {
        public var data: Data
        public var frames: Int
        public var width: Int
        public var height: Int
    }

    /// `cast` drawn: output coming within one frame's time is drawn once, pauses longer than
    /// `idleTimeLimit` cut to it, times divided by `speed`.
    public func gif(of cast: Cast) throws -> Rendering {
        // Each output's time as the GIF plays it: pauses cut, then sped up.
        var times: [Double] = []
        times.reserveCapacity(cast.outputs.count)
        var shown = 0.0
        var recorded = cast.outputs.first?.seconds ?? 0
        for output in cast.outputs {
            shown += min(max(0, output.seconds - recorded), idleTimeLimit ?? .infinity) / max(0.01, speed)
            recorded = output.seconds
            times.append(shown)
        }
        var terminal = TerminalEmulator(size: Size(width: cast.columns, height: cast.rows))
        var colors = ColorIndex()
        var sequence = FrameSequence()
        let fps = Double(max(1, min(100, framesPerSecond)))
        var pending: (frame: IndexedFrame, at: Double)?
        var index = 0
        while index < cast.outputs.count {
            // Every output falling in one frame's time is fed before the screen is drawn.
            let slot = (times[index] * fps).rounded(.down)
            while index < cast.outputs.count, (times[index] * fps).rounded(.down) == slot {
                terminal.feed(Array(cast.outputs[index].text.utf8))
                _ = terminal.takeReplies()  // a recording answers no one
                index += 1
            }
            let at = slot / fps
            if let last = pending { sequence.append(last.frame, lasting: .seconds(at - last.at)) }
            pending = (draw(terminal, palette: &colors), at)
        }
        guard let last = pending else { throw RecordingError(description: "the cast has no output to draw") }
        sequence.append(last.frame, lasting: .seconds(lastFramePause))
        return Rendering(data: try sequence.gif(colors: colors.colors), frames: sequence.frames.count, width: last.frame.width, height: last.frame.height)
    }

    private func draw(_ terminal: TerminalEmulator, palette: inout ColorIndex) -> IndexedFrame {
        renderer.draw(terminal.screen, cursor: terminal.cursorVisible ? terminal.cursor : nil, theme: theme, padding: padding, palette: &palette)
    }
}
