import TestSupport
import Testing
import Widgets

/// The full-screen theme: every style reads on black and on white as the terminal layer
/// draws it, and widgets made after `Theme.current` is set take its styles.
@MainActor
struct ThemeTests {
    nonisolated static let themes: [(String, Theme)] = [("standard", .standard), ("charm", .charm), ("base16", .base16), ("plain", .plain)]

    /// A theme's styles by name, read off the value itself (a new style is checked too).
    static func styles(of theme: Theme) -> [(String, Style)] {
        Mirror(reflecting: theme).children.compactMap { child in (child.value as? Style).map { (child.label ?? "?", $0) } }
    }

    @Test(arguments: themes.map(\.0))
    func everyStyleReadsOnBlackAndOnWhite(named name: String) throws {
        let theme = try #require(Self.themes.first { $0.0 == name }?.1)
        let styles = Self.styles(of: theme)
        #expect(styles.count == 13, "all found: \(styles.map(\.0))")
        for background in [(UInt8(0), UInt8(0), UInt8(0)), (UInt8(255), UInt8(255), UInt8(255))] {
            for (part, style) in styles where style.foreground != .default || style.background != .default {
                let drawn = style.accentMadeReadable(background: background, depth: .trueColor, minimumContrast: Contrast.readable)
                let ground = drawn.background.rgbComponents(default: background)
                let text = drawn.foreground.rgbComponents(default: background == (0, 0, 0) ? (229, 229, 229) : (0, 0, 0))
                let ratio = Contrast.ratio(text, ground)
                #expect(ratio >= Contrast.readable, "\(name).\(part) on \(background): \(ratio):1")
            }
        }
    }

    @Test func widgetsMadeAfterTheThemeIsSetTakeItsStyles() {
        let before = Theme.current
        defer { Theme.current = before }
        Theme.current = .charm
        let table = Table(columns: [.init("City")], rows: [["Tokyo"], ["Delhi"]], selects: true)
        let canvas = rendered(table, size: Size(width: 8, height: 4))
        #expect(canvas[0, 0].style == Theme.charm.header && canvas[0, 2].style == Theme.charm.selected)
        table.isFocused = false
        #expect(rendered(table, size: Size(width: 8, height: 4))[0, 2].style == Theme.charm.blurred, "a selection without the focus")
        let list = ListView(items: ["a", "b"], selects: true) { item, _ in ListView.Row(item) }
        #expect(rendered(list, size: Size(width: 4, height: 2))[0, 0].style == Theme.charm.selected)
        #expect(Box(EmptyView()).borderStyle == Theme.charm.border && Tabs(["x"]).highlightStyle == Theme.charm.selected)
        Theme.current = .standard
        #expect(Table(columns: [], rows: []).selectedStyle == Style(attributes: .reverse), "the standard look is the kit's own")
    }
}
