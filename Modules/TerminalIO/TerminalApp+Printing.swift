internal import CTerminalIO
import Foundation
import KitSupport
import TerminalGraphics
import TerminalRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalApp {
    /// `view` drawn once as text for standard output, as lipgloss's `Render` and rich's
    /// `print` give it: at its own size where it can say it (`MeasuredView`: a `Table`, a
    /// `Box` round one), else as wide as `width` and as tall as what it draws; its colours
    /// for `colorDepth`, each line ending in a newline, blanks at a line's end left out.
    ///
    /// `width` nil: standard output's width when it is a terminal, else `COLUMNS`, else 80.
    /// `colorDepth` nil: none where colour is off (`NO_COLOR`, or standard output is a pipe
    /// or a file), else what the environment says.
    ///
    /// ```swift
    /// print(TerminalApp.string(of: table), terminator: "")
    /// ```
    public static func string(
        of view: any View,
        width: Int? = nil,
        colorDepth: ColorDepth? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let largest = TerminalHost.largestSize
        let across = Swift.min(Swift.max(1, width ?? outputWidth(environment: environment)), largest.width)
        let space = Size(width: across, height: largest.height)
        let measured = (view as? any MeasuredView)?.preferredSize(within: space)
        var canvas = Canvas(size: measured ?? space)
        guard !canvas.size.isEmpty else { return "" }
        view.render(in: canvas.bounds, on: &canvas)
        let depth = colorDepth ?? outputColorDepth(environment: environment)
        var lines = (0..<canvas.size.height).map { canvas.ansiLine($0, colorDepth: depth, trimmed: true) }
        if measured == nil {
            // As tall as what it drew: the blank rows below it left out.
            while let last = lines.last, last.isEmpty { lines.removeLast() }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Writes ``string(of:width:colorDepth:environment:)`` of `view` to standard output.
    public static func print(_ view: any View, width: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let text = string(of: view, width: width, environment: environment)
        fflush(nil)  // what Swift's `print` buffered goes first
        _ = Descriptor.writeAll(text, to: STDOUT_FILENO)
    }

    /// `block`'s text for standard output (from any isolation), each line ending in a newline: its colours for
    /// `colorDepth` (nil: none where colour is off — `NO_COLOR`, a pipe, a file — else what
    /// the environment says).
    nonisolated public static func string(
        of block: TextBlock,
        colorDepth: ColorDepth? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let depth = colorDepth ?? outputColorDepth(environment: environment)
        return block.lines.map { ($0.ansiLines(colorDepth: depth).first ?? "") + "\n" }.joined()
    }

    /// Writes ``string(of:colorDepth:environment:)-(TextBlock,_,_)`` of `block` to standard output.
    nonisolated public static func print(_ block: TextBlock, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let text = string(of: block, environment: environment)
        fflush(nil)  // what Swift's `print` buffered goes first
        _ = Descriptor.writeAll(text, to: STDOUT_FILENO)
    }

    /// Whether the terminal shows a light or a dark background, for `AdaptiveColor`s: what
    /// `INDICATORKIT_BACKGROUND` or `COLORFGBG` say, else what the terminal answers when
    /// asked (OSC 11, on the controlling terminal, 200 ms at most; keys typed during the
    /// question are read with the answer), else dark. It asks each time: call it once.
    ///
    /// ```swift
    /// let theme = TerminalApp.backgroundTheme()
    /// TerminalApp.print(card.render("Hello", theme: theme))
    /// ```
    nonisolated public static func backgroundTheme(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalTheme {
        if environment["INDICATORKIT_BACKGROUND"] != nil || environment["COLORFGBG"] != nil { return TerminalTheme.detect(environment: environment) }
        guard isatty(STDOUT_FILENO) == 1 else { return .dark }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return .dark }
        defer { close(tty) }
        return BackgroundQuery.ask(input: tty, output: tty, insideTmux: GraphicsProbe.isInsideTmux(environment)).theme ?? .dark
    }

    /// Standard output's width: the terminal's, else `COLUMNS`, else 80.
    nonisolated public static func outputWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        let columns = Int(ik_line_columns(STDOUT_FILENO))
        if columns > 0 { return columns }
        return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// No colour where it is off or would land in a pipe or a file; else the environment's depth.
    nonisolated static func outputColorDepth(environment: [String: String]) -> ColorDepth {
        guard isatty(STDOUT_FILENO) == 1 else { return .none }
        return ColorDepth.detect(environment: environment)
    }
}
