import Foundation
import Widgets

/// lipgloss's `example` (its layout demo, 0.5.0): tabs, a title in five colours beside a
/// description, a dialog placed over a field of 猫咪, two lists and a colour grid, three
/// columns of history, and a status bar — one document printed once.
public enum LayoutExample {
    /// The document's width, and a history column's.
    static let width = 96
    static let columnWidth = 30

    static let subtle = AdaptiveColor(light: .hex(0xD9DCCF), dark: .hex(0x383838))
    static let highlight = AdaptiveColor(light: .hex(0x874BFD), dark: .hex(0x7D56F4))
    static let special = AdaptiveColor(light: .hex(0x43BF6D), dark: .hex(0x73F59F))

    /// The whole document for a terminal of `theme`, cut to `width` cells when given.
    public static func document(theme: TerminalTheme = .dark, width physicalWidth: Int? = nil) -> TextBlock {
        func render(_ style: BlockStyle, _ text: StyledText) -> TextBlock { style.render(text, theme: theme) }
        func render(_ style: BlockStyle, _ block: TextBlock) -> TextBlock { style.render(block, theme: theme) }
        let blankLine = TextBlock(lines: [StyledText()])

        // Tabs.
        let tabBorder = Canvas.BoxStyle(top: "─", bottom: "─", left: "│", right: "│", topLeft: "╭", topRight: "╮", bottomLeft: "┴", bottomRight: "┴")
        let activeTabBorder = Canvas.BoxStyle(top: "─", bottom: " ", left: "│", right: "│", topLeft: "╭", topRight: "╮", bottomLeft: "┘", bottomRight: "└")
        let tab = BlockStyle().border(tabBorder, color: highlight).padding(EdgeInsets(vertical: 0, horizontal: 1))
        let activeTab = tab.border(activeTabBorder, color: highlight)
        let tabGap = tab.border(tabBorder, sides: .bottom, color: highlight)
        var tabs = TextBlock.joined(
            horizontally: [render(activeTab, "Lip Gloss")] + ["Blush", "Eye Shadow", "Mascara", "Foundation"].map { render(tab, StyledText($0)) }
        )
        let gap = render(tabGap, StyledText(String(repeating: " ", count: max(0, width - tabs.width - 2))))
        tabs = TextBlock.joined(horizontally: [tabs, gap], alignment: .bottom)

        // Title and description.
        let titleStyle = BlockStyle().margin(EdgeInsets(top: 0, left: 1, bottom: 0, right: 5)).padding(EdgeInsets(vertical: 0, horizontal: 1)).italic()
            .foreground(.hex(0xFFF7DB))
        let titles = colorGrid(columns: 1, rows: 5).enumerated().map { index, colors in
            var style = titleStyle.background(colors[0])
            style.margin.left = index * 2
            return render(style, "Lip Gloss")
        }
        let divider = render(BlockStyle().padding(EdgeInsets(vertical: 0, horizontal: 1)).foreground(subtle), "•")
        let url = StyledText("https://github.com/charmbracelet/lipgloss", style: Style(foreground: special.resolved(for: theme)))
        let description = TextBlock.joined(vertically: [
            render(BlockStyle().margin(EdgeInsets(top: 1)), "Style Definitions for Nice Terminal Layouts"),
            render(BlockStyle().border(.square, sides: .top, color: subtle), "From Charm" + divider.lines[0] + url),
        ])
        let title = TextBlock.joined(horizontally: [TextBlock.joined(vertically: titles), description])

        // Dialog.
        let button = BlockStyle().foreground(.hex(0xFFF7DB)).background(.hex(0x888B7E)).padding(EdgeInsets(vertical: 0, horizontal: 3)).margin(
            EdgeInsets(top: 1)
        )
        var activeButton = button.background(.hex(0xF25D94)).underline()
        activeButton.margin.right = 2
        let question = render(BlockStyle().width(50).alignment(.center), "Are you sure you want to eat marmalade?")
        let buttons = TextBlock.joined(horizontally: [render(activeButton, "Yes"), render(button, "Maybe")])
        let dialogBox = BlockStyle().border(.rounded, color: AdaptiveColor(.hex(0x874BFD))).padding(EdgeInsets(vertical: 1, horizontal: 0))
        let dialog = render(dialogBox, TextBlock.joined(vertically: [question, buttons], alignment: .center))
            .placed(
                width: width,
                height: 9,
                alignment: .center,
                verticalAlignment: .center,
                filler: StyledText("猫咪", style: Style(foreground: subtle.resolved(for: theme)))
            )

        // Lists and colours.
        let list = BlockStyle().border(.square, sides: .right, color: subtle).margin(EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)).height(8)
        let listHeader = BlockStyle().border(.square, sides: .bottom, color: subtle).margin(EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        let listItem = BlockStyle().padding(EdgeInsets(top: 0, left: 2, bottom: 0, right: 0))
        let checkMark = render(BlockStyle().foreground(special).padding(EdgeInsets(top: 0, left: 0, bottom: 0, right: 1)), "✓").lines[0]
        func done(_ text: String) -> TextBlock {
            let struck = BlockStyle().strikethrough().foreground(AdaptiveColor(light: .hex(0x969B86), dark: .hex(0x696969)))
            return TextBlock(lines: [checkMark + render(struck, StyledText(text)).lines[0]])
        }
        let citrus = TextBlock.joined(vertically: [
            render(listHeader, "Citrus Fruits to Try"), done("Grapefruit"), done("Yuzu"),
            render(listItem, "Citron"), render(listItem, "Kumquat"), render(listItem, "Pomelo"),
        ])
        let vendors = TextBlock.joined(vertically: [
            render(listHeader, "Actual Lip Gloss Vendors"), render(listItem, "Glossier"), render(listItem, "Claire‘s Boutique"),
            done("Nyx"), render(listItem, "Mac"), done("Milk"),
        ])
        let lists = TextBlock.joined(horizontally: [render(list.width(columnWidth + 1), citrus), render(list.width(columnWidth), vendors)])
        let grid = TextBlock(
            lines: colorGrid(columns: 14, rows: 8).map { row in
                row.map { StyledText("  ", style: Style(background: $0)) }.joined()
            }
        )

        // History.
        let history = BlockStyle().foreground(.hex(0xFAFAFA)).background(highlight).margin(EdgeInsets(top: 1, left: 0, bottom: 0, right: 3))
            .padding(EdgeInsets(vertical: 1, horizontal: 2)).height(19).width(columnWidth)
        var lastHistory = history
        lastHistory.margin.right = 0
        let histories = TextBlock.joined(horizontally: [
            render(history.alignment(.right), StyledText(historyA)),
            render(history.alignment(.center), StyledText(historyB)),
            render(lastHistory, StyledText(historyC)),
        ])

        // Status bar.
        let statusBar = BlockStyle().foreground(AdaptiveColor(light: .hex(0x343433), dark: .hex(0xC1C6B2)))
            .background(AdaptiveColor(light: .hex(0xD9DCCF), dark: .hex(0x353533)))
        var statusStyle = statusBar.foreground(.hex(0xFFFDF5)).background(.hex(0xFF5F87)).padding(EdgeInsets(vertical: 0, horizontal: 1))
        statusStyle.margin.right = 1
        let nugget = BlockStyle().foreground(.hex(0xFFFDF5)).padding(EdgeInsets(vertical: 0, horizontal: 1))
        let statusKey = render(statusStyle, "STATUS")
        let encoding = render(nugget.background(.hex(0xA550DF)).alignment(.right), "UTF-8")
        let fishCake = render(nugget.background(.hex(0x6124DF)), "🍥 Fish Cake")
        let statusValue = render(statusBar.width(width - statusKey.width - encoding.width - fishCake.width), "Ravishing")
        let bar = render(statusBar.width(width), TextBlock.joined(horizontally: [statusKey, statusValue, encoding, fishCake]))

        // The original writes the history straight after the lists' last line (which is
        // blank): its top margin and that line are one.
        let document = TextBlock.joined(vertically: [
            tabs, blankLine, title, blankLine, dialog, blankLine, TextBlock.joined(horizontally: [lists, grid]), histories, blankLine, bar,
        ])
        var page = BlockStyle().padding(EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        if let physicalWidth, physicalWidth > 0 { page.maxWidth = physicalWidth }
        return render(page, document)
    }

    /// The example's `colorGrid`: `rows` × `columns` colours blended in CIE L*u*v* between
    /// four corners (go-colorful's `BlendLuv`).
    static func colorGrid(columns: Int, rows: Int) -> [[Color]] {
        let (x0y0, x1y0, x0y1, x1y1) = (Luv(0xF25D94), Luv(0xEDFF82), Luv(0x643AFF), Luv(0x14F9D5))
        return (0..<rows).map { row in
            let t = Double(row) / Double(rows)
            let left = x0y0.blended(with: x0y1, t)
            let right = x1y0.blended(with: x1y1, t)
            return (0..<columns).map { column in left.blended(with: right, Double(column) / Double(columns)).color }
        }
    }

    static let historyA =
        "The Romans learned from the Greeks that quinces slowly cooked with honey would “set” when cool. The Apicius gives a recipe for preserving whole quinces, stems and leaves attached, in a bath of honey diluted with defrutum: Roman marmalade. Preserves of quince and lemon appear (along with rose, apple, plum and pear) in the Book of ceremonies of the Byzantine Emperor Constantine VII Porphyrogennetos."
    static let historyB =
        "Medieval quince preserves, which went by the French name cotignac, produced in a clear version and a fruit pulp version, began to lose their medieval seasoning of spices in the 16th century. In the 17th century, La Varenne provided recipes for both thick and clear cotignac."
    static let historyC =
        "In 1524, Henry VIII, King of England, received a “box of marmalade” from Mr. Hull of Exeter. This was probably marmelada, a solid quince paste from Portugal, still made and sold in southern Europe today. It became a favourite treat of Anne Boleyn and her ladies in waiting."
}

extension Color {
    /// `#RRGGBB` as a colour.
    static func hex(_ value: UInt32) -> Color { .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)) }
}

/// A colour in CIE L*u*v* (D65), as go-colorful converts it.
struct Luv {
    var l: Double, u: Double, v: Double
    static let white = (x: 0.95047, y: 1.0, z: 1.08883)

    init(l: Double, u: Double, v: Double) {
        (self.l, self.u, self.v) = (l, u, v)
    }

    /// `#RRGGBB` in L*u*v*.
    init(_ hex: UInt32) {
        func linear(_ byte: UInt32) -> Double {
            let value = Double(byte & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(hex >> 16), linear(hex >> 8), linear(hex))
        let x = 0.41239079926595948 * r + 0.35758433938387796 * g + 0.18048078840183429 * b
        let y = 0.21263900587151036 * r + 0.71516867876775593 * g + 0.072192315360733715 * b
        let z = 0.019330818715591851 * r + 0.11919477979462599 * g + 0.95053215224966058 * b
        let l = y / Self.white.y <= pow(6.0 / 29, 3) ? y / Self.white.y * pow(29.0 / 3, 3) / 100 : 1.16 * cbrt(y / Self.white.y) - 0.16
        let (ub, vb) = Self.uv(x, y, z)
        let (un, vn) = Self.uv(Self.white.x, Self.white.y, Self.white.z)
        self.init(l: l, u: 13 * l * (ub - un), v: 13 * l * (vb - vn))
    }

    static func uv(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double) {
        let denominator = x + 15 * y + 3 * z
        return denominator == 0 ? (0, 0) : (4 * x / denominator, 9 * y / denominator)
    }

    /// `t` of the way to `other`.
    func blended(with other: Luv, _ t: Double) -> Luv { Luv(l: l + t * (other.l - l), u: u + t * (other.u - u), v: v + t * (other.v - v)) }

    /// As an RGB colour, each channel rounded and kept within 0…255.
    var color: Color {
        let y = l <= 0.08 ? Self.white.y * l * 100 * pow(3.0 / 29, 3) : Self.white.y * pow((l + 0.16) / 1.16, 3)
        let (un, vn) = Self.uv(Self.white.x, Self.white.y, Self.white.z)
        var (x, z) = (0.0, 0.0)
        if l != 0 {
            let ub = u / (13 * l) + un
            let vb = v / (13 * l) + vn
            x = y * 9 * ub / (4 * vb)
            z = y * (12 - 3 * ub - 20 * vb) / (4 * vb)
        }
        func byte(_ linear: Double) -> UInt8 {
            let value = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return UInt8(min(max(value * 255 + 0.5, 0), 255))
        }
        let r = 3.2409699419045214 * x - 1.5373831775700935 * y - 0.49861076029300328 * z
        let g = -0.96924363628087983 * x + 1.8759675015077207 * y + 0.041555057407175613 * z
        let b = 0.055630079696993609 * x - 0.20397695888897657 * y + 1.0569715142428786 * z
        return .rgb(byte(r), byte(g), byte(b))
    }
}
