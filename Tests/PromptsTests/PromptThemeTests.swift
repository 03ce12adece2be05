import IndicatorKit
import Prompts
import Testing

/// Every built-in theme reads on dark and light backgrounds, as the terminal layer draws it.
struct PromptThemeTests {
    static let themes: [(String, PromptTheme)] = [("standard", .standard), ("charm", .charm), ("base16", .base16), ("plain", .plain)]

    /// The styles of a theme, by name, read off the value itself (a new style is checked too).
    static func styles(of theme: PromptTheme) -> [(String, Style)] {
        Mirror(reflecting: theme).children.compactMap { child in (child.value as? Style).map { (child.label ?? "?", $0) } }
    }

    @Test(arguments: themes.map(\.0))
    func everyColourOfATheme(named name: String) throws {
        let theme = try #require(Self.themes.first { $0.0 == name }?.1)
        let styles = Self.styles(of: theme)
        #expect(styles.count >= 14, "the theme's styles were all found: \(styles.map(\.0))")
        for background in [(UInt8(0), UInt8(0), UInt8(0)), (UInt8(255), UInt8(255), UInt8(255))] {
            for (part, style) in styles where style.foreground != .default && !style.attributes.contains(.reverse) {
                // As the terminal layer draws it: an ANSI accent moved away from what it lies on.
                let drawn = style.accentMadeReadable(background: background, depth: .trueColor, minimumContrast: Contrast.readable)
                let ground = drawn.background.rgbComponents(default: background)
                let ratio = Contrast.ratio(drawn.foreground.rgbComponents(default: (128, 128, 128)), ground)
                #expect(ratio >= Contrast.readable, "\(name).\(part) on \(background): \(ratio):1")
            }
        }
    }

    /// xterm draws bold black as bright black: a chosen button of black text is never bold,
    /// or it reads grey on its colour there.
    @Test(arguments: themes.map(\.0))
    func noButtonIsBoldBlack(name: String) {
        let theme = Self.themes.first { $0.0 == name }!.1
        #expect(!(theme.button.foreground == .black && theme.button.attributes.contains(.bold)))
    }

    /// A full-screen app's theme of the same name looks as the prompts do.
    @Test func theAppThemesAreThePrompts() {
        let pairs: [(Theme, PromptTheme)] = [(.standard, .standard), (.charm, .charm), (.base16, .base16), (.plain, .plain)]
        for (app, prompts) in pairs {
            #expect(app.accent == prompts.markStyle && app.title == prompts.title && app.chosen == prompts.chosen)
            #expect(app.error == prompts.problem && app.muted == prompts.description)
        }
    }

    @Test func aPlainThemeHasNoColourAtAll() {
        for (part, style) in Self.styles(of: .plain) {
            #expect(style.foreground == .default && style.background == .default, "plain.\(part)")
        }
    }
}

/// The modes read as one writes them.
@MainActor
struct ChoiceModeTests {
    @Test func aLimitReadsWithOrWithoutItsLabel() {
        #expect(ChoicePrompt<String>.Mode.multiple(4) == .multiple(limit: 4))
        #expect(ChoicePrompt("Two", choices: ["a", "b", "c"], mode: .multiple(2)).mode == .multiple(limit: 2))
    }
}
