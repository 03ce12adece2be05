import IndicatorKit
import Testing

@testable import Indicator

struct SpinnerStyleTests {
    @Test func theCatalogueHasAtLeastTwentyStylesWithUniqueNames() {
        #expect(SpinnerStyle.catalogue.count >= 20)
        #expect(Set(SpinnerStyle.catalogue.map(\.name)).count == SpinnerStyle.catalogue.count)
    }

    @Test(arguments: SpinnerStyle.catalogue)
    func everyFrameOfAStyleHasTheSameWidth(_ style: SpinnerStyle) {
        #expect(style.frames.count >= 2, "\(style.name) does not animate")
        #expect(style.hasUniformWidth, "\(style.name): widths \(style.frames.map(\.displayWidth)), still \(style.still.displayWidth)")
        #expect(style.width >= 1)
        #expect(style.frames.allSatisfy { $0 == $0.sanitizedForTerminal }, "\(style.name) has a control character")
    }

    @Test func stylesAreFoundByName() {
        #expect(SpinnerStyle.named("comet") == .comet)
        #expect(SpinnerStyle.named("nope") == nil)
        #expect(SpinnerStyle.hangul.width == 6)
        #expect(SpinnerStyle(name: "x", frames: ["a", "bb"], interval: .zero).hasUniformWidth == false)
    }
}
