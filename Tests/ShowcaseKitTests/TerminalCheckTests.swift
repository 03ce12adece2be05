import IndicatorKit
import Testing

@testable import ShowcaseKit

/// The Terminal scene's width test says what the terminal does from what it measured.
@MainActor
struct TerminalCheckTests {
    @Test func theWidthTestAgreesOnlyWhenEveryMeasuredWidthIsOursAndSaysWhatADifferenceMeans() {
        let ours = Dictionary(uniqueKeysWithValues: TerminalCheckView.widthSamples.map { ($0, $0.displayWidth) })
        #expect(TerminalCheckView.widthVerdict(measured: ours).agrees == true)
        var tmux = ours
        tmux["❤️"] = 1
        let verdict = TerminalCheckView.widthVerdict(measured: tmux)
        #expect(verdict.agrees == false)
        #expect(verdict.text.hasPrefix("this terminal draws ❤️ in 1 cell, Unicode gives 2: text after one shifts a cell here"))
        #expect(!verdict.text.contains("fail"))
        tmux["😀"] = 1
        #expect(TerminalCheckView.widthVerdict(measured: tmux).text.contains("(and 1 more)"))
        #expect(TerminalCheckView.widthVerdict(measured: [:]).agrees == nil, "not measured: the ruler is all there is")
    }
}
