import TUICore

/// A scripted session with the showcase, run on a virtual clock by ``ScenarioRunner``.
/// The text format is documented in `docs/SCENARIOS.md`.
package struct Scenario: Sendable {
    /// One line of a scenario.
    package enum Step: Sendable, Equatable {
        /// Resize the terminal (`size 80x24` or `resize 20x5`).
        case resize(Size)
        /// Set the terminal's colour depth (`colors 256`).
        case colors(ColorDepth)
        /// Set whether the terminal's background is dark or light (`background light`).
        case background(TerminalTheme)
        /// Set the block symbols images are drawn with (`symbols sextant`).
        case symbols(SymbolSet)
        /// Select a scene by identifier (`scene terminal`).
        case scene(String)
        /// Deliver events (keys, typed text, mouse).
        case events([InputEvent])
        /// Move the virtual clock forward (`wait 300ms`).
        case wait(Duration)
        /// Expect text on screen (`expect`, `expect-not`, optionally `in X Y W H`).
        case expect(text: String, region: Rect?, present: Bool)
        /// Compare the whole screen with a golden file (`snapshot NAME`).
        case snapshot(String)
    }

    /// A step and the line it came from.
    package struct Line: Sendable {
        /// What to do.
        package let step: Step
        /// The 1-based line number in the file.
        package let number: Int
    }

    /// The scenario's name (`scenario NAME`, else the file name).
    package var name: String
    /// The file it was read from, for messages and snapshot names.
    package var path: String
    /// The behaviour ids it covers (`covers B1.4 B1.2`).
    package var covers: [String]
    /// The initial terminal size (default 80×24).
    package var initialSize: Size
    /// The steps in order.
    package var lines: [Line]
}

/// A mistake in a scenario file, with the file and line.
package struct ScenarioSyntaxError: Error, CustomStringConvertible, Equatable {
    /// The file.
    package let path: String
    /// The 1-based line number.
    package let line: Int
    /// What is wrong and how to write it instead.
    package let message: String

    package var description: String { "\(path):\(line): \(message)" }
}
