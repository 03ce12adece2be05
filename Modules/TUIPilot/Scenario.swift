import TerminalRuntime

/// A scripted session with an app, run on a virtual clock by ``ScenarioRunner``: keys,
/// clicks and waits, and what the screen must show after them. The text format is
/// documented in `docs/SCENARIOS.md`; ``ScenarioParser`` reads it.
public struct Scenario: Sendable {
    /// One line of a scenario.
    public enum Step: Sendable, Equatable {
        /// Resize the terminal (`size 80x24` or `resize 20x5`).
        case resize(Size)
        /// Set the terminal's colour depth (`colors 256`).
        case colors(ColorDepth)
        /// Set whether the terminal's background is dark or light (`background light`).
        case background(TerminalTheme)
        /// Set the block symbols images are drawn with (`symbols sextant`).
        case symbols(SymbolSet)
        /// Set whether the terminal draws pictures as pixels (`graphics kitty`, `sixel` or
        /// `iterm`) or symbols (`graphics symbols`); placed pictures read `▒` on the screen.
        case graphics(pixels: Bool, mayMove: Bool)
        /// Show one of the app's scenes by name (`scene terminal`; ``ScenarioApp/showScene(_:)``).
        case scene(String)
        /// A command of the app's own (``ScenarioCommand``), with the words after its name.
        case command(name: String, arguments: [String])
        /// Deliver events (keys, typed text, mouse).
        case events([InputEvent])
        /// Move the virtual clock forward (`wait 300ms`).
        case wait(Duration)
        /// Expect text on screen (`expect`, `expect-not`, optionally `in X Y W H`).
        case expect(text: String, region: Rect?, present: Bool)
        /// Compare the whole screen with a golden file (`snapshot NAME`).
        case snapshot(String)
        /// Expect the app to have asked to quit, with this status (`expect-quit 0`;
        /// `EventResult/quit(status:)`).
        case expectQuit(Int32)
    }

    /// A step and the line it came from.
    public struct Line: Sendable {
        /// What to do.
        public let step: Step
        /// The 1-based line number in the file.
        public let number: Int
    }

    /// The scenario's name (`scenario NAME`, else the file name).
    public var name: String
    /// The file it was read from, for messages and snapshot names.
    public var path: String
    /// What it covers, as written on its `covers` line (`covers B1.4 B1.2`): requirement
    /// ids of the app's own, printed in the report.
    public var covers: [String]
    /// The initial terminal size (default 80×24).
    public var initialSize: Size
    /// The steps in order.
    public var lines: [Line]
}

/// A mistake in a scenario file, with the file and line.
public struct ScenarioSyntaxError: Error, CustomStringConvertible, Equatable {
    /// The file.
    public let path: String
    /// The 1-based line number.
    public let line: Int
    /// What is wrong and how to write it instead.
    public let message: String

    /// A mistake at `line` of `path`.
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// The file, the line and what is wrong there.
    public var description: String { "\(path):\(line): \(message)" }
}
