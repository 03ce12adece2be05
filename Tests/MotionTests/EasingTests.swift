import IndicatorKit
import Testing

@testable import Motion

@Suite("Easing")
struct EasingTests {
    static let all: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut]

    @Test("Every curve starts at 0 and ends at 1", arguments: all)
    func endpoints(easing: Easing) {
        #expect(easing(0) == 0)
        #expect(easing(1) == 1)
    }

    @Test("Inputs outside 0…1 are clamped", arguments: all)
    func clamped(easing: Easing) {
        #expect(easing(-0.5) == 0)
        #expect(easing(-100) == 0)
        #expect(easing(1.5) == 1)
        #expect(easing(100) == 1)
    }

    @Test("Every curve is monotonic", arguments: all)
    func monotonic(easing: Easing) {
        var previous = easing(0)
        for step in 1...100 {
            let value = easing(Double(step) / 100)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test("Values at the middle")
    func middle() {
        #expect(Easing.linear(0.5) == 0.5)
        #expect(Easing.easeIn(0.5) == 0.125)
        #expect(Easing.easeOut(0.5) == 0.875)
        #expect(Easing.easeInOut(0.5) == 0.5)
        #expect(Easing.linear(0.25) == 0.25)
        #expect(Easing.easeInOut(0.25) == 0.0625)
        #expect(Easing.easeInOut(0.75) == 0.9375)
    }

    @Test("easeIn is slow at first, easeOut fast at first")
    func shapes() {
        #expect(Easing.easeIn(0.2) < Easing.linear(0.2))
        #expect(Easing.easeOut(0.2) > Easing.linear(0.2))
        #expect(Easing.easeInOut(0.2) < 0.2)
        #expect(Easing.easeInOut(0.8) > 0.8)
    }
}
