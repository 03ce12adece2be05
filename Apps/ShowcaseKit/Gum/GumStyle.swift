import IndicatorKit

/// gum's style flags, read once: colours, a border, alignment, a size, padding, margins and
/// attributes. `showcase style` takes them as its own options (`--foreground 212`); the
/// prompts take them for each part they show (`choose --cursor.foreground 212`), where the
/// colours and attributes apply (``applied(to:)``).
package struct GumStyle: Equatable, Sendable {
    /// The style flags that take a value.
    static let valueNames = ["foreground", "background", "border", "border-background", "border-foreground", "align", "height", "width", "margin", "padding"]
    /// The style flags that take none.
    static let flagNames = ["bold", "faint", "italic", "strikethrough", "underline"]
    /// `--border`'s values, as gum's.
    static let borders: [String: Canvas.BoxStyle?] = [
        "none": nil, "hidden": .hidden, "normal": .square, "rounded": .rounded, "thick": .thick, "double": .double, "block": .block, "ascii": .ascii,
    ]

    package var foreground: Color?
    package var background: Color?
    package var border: Canvas.BoxStyle?
    package var borderForeground: Color?
    package var borderBackground: Color?
    package var alignment: TextAlignment = .left
    package var verticalAlignment: VerticalAlignment = .top
    package var width: Int?
    package var height: Int?
    package var margin = EdgeInsets()
    package var padding = EdgeInsets()
    package var attributes: Style.Attributes = []

    /// No style.
    package init() {}

    /// The style `values` give, by flag name without its prefix (`["foreground": "212",
    /// "bold": "true"]`); `flagPrefix` (`--cursor.`) names the flags in errors.
    package init(_ values: [String: String], flagPrefix: String = "--") throws(UsageError) {
        func color(_ name: String) throws(UsageError) -> Color? {
            guard let text = values[name], !text.isEmpty else { return nil }
            guard let color = Color(parsing: text) else {
                throw UsageError("`\(flagPrefix)\(name)` takes a colour (a number to 255, #RRGGBB or a name such as red), not `\(text.sanitizedForTerminal)`")
            }
            return color
        }
        func size(_ name: String) throws(UsageError) -> Int? {
            guard let text = values[name], !text.isEmpty else { return nil }
            guard let number = Int(text), (0...1_000).contains(number) else {
                throw UsageError("`\(flagPrefix)\(name)` takes a number of cells from 0 to 1000, not `\(text.sanitizedForTerminal)`")
            }
            return number == 0 ? nil : number
        }
        foreground = try color("foreground")
        background = try color("background")
        borderForeground = try color("border-foreground")
        borderBackground = try color("border-background")
        if let name = values["border"], !name.isEmpty {
            guard let lines = Self.borders[name] else {
                throw UsageError("`\(flagPrefix)border` takes \(Self.borders.keys.sorted().joined(separator: ", ")), not `\(name.sanitizedForTerminal)`")
            }
            border = lines
        }
        switch values["align"] ?? "" {
        case "", "left": break
        case "center": alignment = .center
        case "right": alignment = .right
        case "top": verticalAlignment = .top
        case "middle": verticalAlignment = .center
        case "bottom": verticalAlignment = .bottom
        case let other: throw UsageError("`\(flagPrefix)align` takes left, center, right, top, middle or bottom, not `\(other.sanitizedForTerminal)`")
        }
        width = try size("width")
        height = try size("height")
        margin = try Self.spacing(values["margin"], flag: "\(flagPrefix)margin")
        padding = try Self.spacing(values["padding"], flag: "\(flagPrefix)padding")
        let attributeFlags: [(String, Style.Attributes)] = [
            ("bold", .bold), ("faint", .dim), ("italic", .italic), ("strikethrough", .strikethrough), ("underline", .underline),
        ]
        for (name, attribute) in attributeFlags where ["true", "1", "yes"].contains(values[name]?.lowercased() ?? "") {
            attributes.insert(attribute)
        }
    }

    /// Padding or margins written as CSS and gum write them: one number for every side, two
    /// for top-and-bottom and the sides, three for top, the sides and bottom, four for top,
    /// right, bottom and left.
    static func spacing(_ text: String?, flag: String) throws(UsageError) -> EdgeInsets {
        guard let text, !text.isEmpty else { return EdgeInsets() }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        let cells = words.compactMap { Int($0) }
        guard (1...4).contains(words.count), cells.count == words.count, cells.allSatisfy({ (0...200).contains($0) }) else {
            throw UsageError("`\(flag)` takes 1 to 4 numbers of cells, each up to 200 (\"1\", \"1 2\", \"1 2 1 2\"), not `\(text.sanitizedForTerminal)`")
        }
        switch cells.count {
        case 1: return EdgeInsets(vertical: cells[0], horizontal: cells[0])
        case 2: return EdgeInsets(vertical: cells[0], horizontal: cells[1])
        case 3: return EdgeInsets(top: cells[0], left: cells[1], bottom: cells[2], right: cells[1])
        default: return EdgeInsets(top: cells[0], left: cells[3], bottom: cells[2], right: cells[1])
        }
    }

    /// The block style it stands for.
    package var block: BlockStyle {
        var style = BlockStyle()
        style.foregroundColor = foreground.map { AdaptiveColor($0) }
        style.backgroundColor = background.map { AdaptiveColor($0) }
        style.attributes = attributes
        style.width = width
        style.height = height
        style.alignment = alignment
        style.verticalAlignment = verticalAlignment
        style.padding = padding
        style.margin = margin
        style.borderLines = border
        style.borderColor = borderForeground.map { AdaptiveColor($0) }
        style.borderBackground = borderBackground.map { AdaptiveColor($0) }
        return style
    }

    /// `style` with this one's colours and attributes laid over it: how a prompt's part
    /// (its cursor, its items) takes the flags.
    package func applied(to style: Style) -> Style {
        var result = style
        if let foreground { result.foreground = foreground }
        if let background { result.background = background }
        result.attributes.formUnion(attributes)
        return result
    }
}
