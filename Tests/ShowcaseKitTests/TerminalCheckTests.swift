import TUICore
import Testing

@testable import ShowcaseKit

/// The Terminal scene's width test says pass or fail from what the terminal measured.
@MainActor
struct TerminalCheckTests {
    @Test func theWidthTestPassesOnlyWhenEveryMeasuredWidthIsOurs() {
        let ours = Dictionary(uniqueKeysWithValues: TerminalCheckView.widthSamples.map { ($0, $0.displayWidth) })
        #expect(TerminalCheckView.widthVerdict(measured: ours).passed == true)
        var tmux = ours
        tmux["❤️"] = 1
        let verdict = TerminalCheckView.widthVerdict(measured: tmux)
        #expect(verdict.passed == false && verdict.text == "fail: ❤️ takes 1 cell here, we count 2")
        tmux["😀"] = 1
        #expect(TerminalCheckView.widthVerdict(measured: tmux).text.hasSuffix("(and 1 more)"))
        #expect(TerminalCheckView.widthVerdict(measured: [:]).passed == nil, "not measured: the ruler is all there is")
    }
}
