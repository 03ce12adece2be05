import IndicatorKit
import Testing

@testable import ViewCore

struct ContrastTests {
    @Test func ratiosAreWCAGs() {
        #expect(Contrast.ratio((0, 0, 0), (255, 255, 255)) == 21)
        #expect(Contrast.ratio((255, 255, 255), (255, 255, 255)) == 1)
        #expect(abs(Contrast.ratio((118, 118, 118), (255, 255, 255)) - 4.54) < 0.01, "WCAG's own example: #767676 on white")
    }

    @Test(arguments: [TerminalTheme.dark, .light], [ColorDepth.trueColor, .palette256])
    func faintTextIsFainterYetReadableOnEitherBackground(theme: TerminalTheme, depth: ColorDepth) {
        let faint = Style(attributes: .dim).faintMadeExplicit(foreground: theme.foreground, background: theme.background, depth: depth)
        #expect(!faint.attributes.contains(.dim), "drawn as a colour, not the terminal's own faint text")
        let colour = faint.foreground.rgbComponents(default: theme.foreground)
        let ratio = Contrast.ratio(colour, theme.background)
        #expect(ratio >= Contrast.readable, "\(theme) at \(depth): \(colour) is \(ratio):1")
        #expect(ratio < Contrast.ratio(theme.foreground, theme.background) * 0.6, "and visibly fainter than the text: \(ratio):1")
    }

    @Test func aReportedBackgroundIsWhatContrastIsKeptAgainst() {
        let cream = (UInt8(250), UInt8(240), UInt8(200))
        let faint = Style(foreground: .rgb(0, 0, 120), attributes: [.dim, .bold])
            .faintMadeExplicit(foreground: (0, 0, 0), background: cream, depth: .trueColor)
        #expect(Contrast.ratio(faint.foreground.rgbComponents(default: (0, 0, 0)), cream) >= Contrast.readable)
        #expect(faint.attributes == .bold, "other attributes kept")
    }

    @Test func textAlreadyPaleIsNotMadeFainterAndSixteenColoursKeepTheAttribute() {
        let pale = Style(foreground: .rgb(150, 150, 150), attributes: .dim)
        #expect(pale.faintMadeExplicit(foreground: (0, 0, 0), background: (255, 255, 255), depth: .trueColor).foreground == .rgb(150, 150, 150))
        #expect(pale.faintMadeExplicit(foreground: (0, 0, 0), background: (255, 255, 255), depth: .ansi16) == pale)
        let reversed = Style(attributes: [.dim, .reverse])
        #expect(reversed.faintMadeExplicit(foreground: (0, 0, 0), background: (255, 255, 255), depth: .trueColor) == reversed)
    }

    /// Every ANSI colour an accent may take keeps 3:1 as a shape and 4.5:1 as text on the
    /// background the terminal reported, dark or light; one that already does is left as it is.
    @Test(arguments: [(UInt8(255), UInt8(255), UInt8(255)), (250, 240, 200), (16, 16, 16), (0, 0, 0)], [ColorDepth.trueColor, .palette256])
    func everyAccentKeepsItsContrastOnTheBackgroundReported(background: (UInt8, UInt8, UInt8), depth: ColorDepth) {
        for index in UInt8(0)...15 {
            for (minimum, what) in [(Contrast.visible, "shape"), (Contrast.readable, "text")] {
                let style = Style(foreground: .ansi(index), attributes: .bold)
                let made = style.accentMadeReadable(background: background, depth: depth, minimumContrast: minimum)
                let shown = made.foreground.rgbComponents(default: (0, 0, 0))
                #expect(Contrast.ratio(shown, background) >= minimum, "ANSI \(index) as \(what) on \(background) at \(depth): \(shown)")
                #expect(made.attributes == .bold, "attributes kept")
                if Contrast.ratio(Color.ansiRGB[Int(index)], background) >= minimum { #expect(made == style, "ANSI \(index): readable already, kept") }
            }
        }
    }

    @Test func xtermsCyanIsDarkenedOnWhiteAndKeptOnBlack() {
        let cyan = Style(foreground: .cyan)
        let onWhite = cyan.accentMadeReadable(background: (255, 255, 255), depth: .trueColor, minimumContrast: Contrast.visible)
        guard case .rgb(let r, let g, let b) = onWhite.foreground else {
            Issue.record("an explicit colour: \(onWhite.foreground)")
            return
        }
        #expect(r == 0 && g == b && g < 205, "still cyan, darker: \(g)")
        #expect(cyan.accentMadeReadable(background: (16, 16, 16), depth: .trueColor, minimumContrast: Contrast.readable) == cyan)
        let grey = (UInt8(220), UInt8(220), UInt8(225))
        let onGrey = Style(foreground: .cyan, background: .rgb(grey.0, grey.1, grey.2))
            .accentMadeReadable(background: (16, 16, 16), depth: .trueColor, minimumContrast: Contrast.visible)
        #expect(Contrast.ratio(onGrey.foreground.rgbComponents(default: (0, 0, 0)), grey) >= Contrast.visible, "kept against its own background")
        let sixteen = cyan.accentMadeReadable(background: (255, 255, 255), depth: .ansi16, minimumContrast: Contrast.readable)
        #expect(sixteen == cyan, "16 colours: nothing else to give")
    }
}
