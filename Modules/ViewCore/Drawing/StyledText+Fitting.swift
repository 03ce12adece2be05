import Pixels

/// Styled text measured, cut and made safe as plain text is (``Swift/StringProtocol/truncated(toWidth:ellipsis:)``),
/// each character keeping its run's style.
extension StyledText {
    /// The columns it takes on one line.
    public var displayWidth: Int { runs.reduce(0) { $0 + $1.text.displayWidth } }

    /// Whether it has no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// Each run's text safe to print (`sanitizedForTerminal`: control characters and escape
    /// sequences as U+FFFD), the styles kept.
    public var sanitizedForTerminal: StyledText {
        StyledText(runs: runs.map { Run($0.text.sanitizedForTerminal, style: $0.style) })
    }

    /// The longest start that fits in `width` cells, ending in `ellipsis` (in no style of its
    /// own) when cut; reads only as far as it can show.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> StyledText {
        guard width > 0 else { return StyledText() }
        var used = 0
        fits: do {
            for run in runs {
                for character in run.text {
                    used += character.displayWidth
                    if used > width { break fits }
                }
            }
            return self
        }
        let budget = width - ellipsis.displayWidth
        guard budget >= 0 else { return StyledText() }
        var kept: [Run] = []
        used = 0
        for run in runs {
            var text = ""
            for character in run.text {
                if used + character.displayWidth > budget {
                    if !text.isEmpty { kept.append(Run(text, style: run.style)) }
                    return StyledText(runs: kept + [Run(ellipsis)])
                }
                used += character.displayWidth
                text.append(character)
            }
            kept.append(run)
        }
        return StyledText(runs: kept + [Run(ellipsis)])
    }

    /// Its lines, split at line breaks (`\n`, `\r\n`), each in its runs' styles.
    public var lines: [StyledText] {
        var lines: [[Run]] = [[]]
        for run in runs {
            let pieces = run.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            for (index, piece) in pieces.enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(Run(String(piece), style: run.style)) }
            }
        }
        return lines.map { StyledText(runs: $0) }
    }

    /// Text written for a terminal, its SGR sequences (`ESC [ … m`: colours in 16, 256 and
    /// 24-bit forms, bold, dim, italic, underline, reverse and their resets) read as styles
    /// and every other escape sequence left out: a string another library coloured
    /// (`"\u{1B}[32m✔\u{1B}[0m done"`) shown in its colours.
    public init(ansi text: String) {
        var runs: [Run] = []
        var style = Style.plain
        var pending = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func flush() {
            if !pending.isEmpty { runs.append(Run(pending, style: style)) }
            pending = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\u{1B}" || scalar == "\u{9B}" else {
                pending.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let csi = scalar == "\u{9B}" || (index + 1 < scalars.count && scalars[index + 1] == "[")
            if csi {
                // Parameters and intermediates, then the final byte (0x40…0x7E).
                var end = index + (scalar == "\u{9B}" ? 1 : 2)
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                guard end < scalars.count else { break }  // cut short: nothing more to show
                if scalars[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + (scalar == "\u{9B}" ? 1 : 2))..<end]))
                    flush()
                    style = Self.applying(parameters, to: style)
                }
                index = end + 1
            } else if index + 1 < scalars.count, ["]", "P", "_", "^"].contains(scalars[index + 1]) {
                // A string (OSC, DCS, APC, PM) up to BEL or ST: a title or a link's address, not text.
                var end = index + 2
                while end < scalars.count, scalars[end] != "\u{07}", !(scalars[end] == "\u{1B}" && end + 1 < scalars.count && scalars[end + 1] == "\\") {
                    end += 1
                }
                index = end < scalars.count && scalars[end] == "\u{07}" ? end + 1 : end + 2
            } else {
                index += 2  // ESC and the one character it introduces
            }
        }
        flush()
        self.init(runs: runs)
    }

    /// `style` changed by SGR `parameters` (`1;38;5;208`).
    private static func applying(_ parameters: String, to style: Style) -> Style {
        var style = style
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0.split(separator: ":").first ?? "") ?? 0 }
        var index = 0
        func color(at index: inout Int) -> Color? {
            guard index + 1 < numbers.count else { return nil }
            switch numbers[index + 1] {
            case 5 where index + 2 < numbers.count:
                index += 2
                return .palette(UInt8(clamping: numbers[index]))
            case 2 where index + 4 < numbers.count:
                index += 4
                return .rgb(UInt8(clamping: numbers[index - 2]), UInt8(clamping: numbers[index - 1]), UInt8(clamping: numbers[index]))
            default:
                return nil
            }
        }
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 9: style.attributes.insert(.strikethrough)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 29: style.attributes.remove(.strikethrough)
            case 30...37: style.foreground = .ansi(UInt8(number - 30))
            case 38: style.foreground = color(at: &index) ?? style.foreground
            case 39: style.foreground = .default
            case 40...47: style.background = .ansi(UInt8(number - 40))
            case 48: style.background = color(at: &index) ?? style.background
            case 49: style.background = .default
            case 90...97: style.foreground = .ansi(UInt8(number - 90 + 8))
            case 100...107: style.background = .ansi(UInt8(number - 100 + 8))
            default: break
            }
            index += 1
        }
        return style
    }
}

extension StyledText {
    /// Adds `text` in `style` at the end: to the last run when it is in that style (one run
    /// for neighbours of one style), else as a run of its own.
    package mutating func append(_ text: some StringProtocol, style: Style) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += text
        } else {
            runs.append(Run(String(text), style: style))
        }
    }
}

extension Sequence where Element == StyledText {
    /// The texts one after another with `separator` between two, each keeping its styles:
    /// `lines.joined(separator: "\n")`.
    public func joined(separator: StyledText = StyledText()) -> StyledText {
        var result = StyledText()
        for (index, text) in enumerated() {
            for run in (index > 0 ? separator.runs : []) + text.runs { result.append(run.text, style: run.style) }
        }
        return result
    }
}

extension Canvas {
    /// Writes `text` from `point` rightwards on one row, each run's style laid over `style`,
    /// clipped to `clip` (or the canvas); returns the cells used.
    @discardableResult
    public mutating func draw(_ text: StyledText, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var x = point.x
        for run in text.runs {
            if x >= area.maxX { break }
            x += draw(run.text, at: Point(x: x, y: point.y), style: run.style.over(style), clip: clip)
        }
        return x - point.x
    }
}
