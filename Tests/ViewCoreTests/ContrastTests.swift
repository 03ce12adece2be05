import TUICore
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
}
