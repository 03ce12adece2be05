import IndicatorKit
import Testing

@testable import Motion

@Suite("Tween")
struct TweenTests {
    @Test("Linear Double animation at start, middle, end, before and after")
    func linearDouble() {
        let a = Tween(from: 10.0, to: 20.0, duration: .seconds(1), easing: .linear, start: .seconds(5))
        #expect(a.value(at: .seconds(5)) == 10)
        #expect(a.value(at: .milliseconds(5500)) == 15)
        #expect(a.value(at: .milliseconds(5250)) == 12.5)
        #expect(a.value(at: .seconds(6)) == 20)
        #expect(a.value(at: .seconds(0)) == 10)  // before the start
        #expect(a.value(at: .seconds(100)) == 20)  // long after the end
        #expect(a.end == .seconds(6))
    }

    @Test("progress is clamped to 0…1")
    func progress() {
        let a = Tween(from: 0.0, to: 1.0, duration: .milliseconds(200), start: .milliseconds(100))
        #expect(a.progress(at: .zero) == 0)
        #expect(a.progress(at: .milliseconds(100)) == 0)
        #expect(a.progress(at: .milliseconds(150)) == 0.25)
        #expect(a.progress(at: .milliseconds(300)) == 1)
        #expect(a.progress(at: .seconds(9)) == 1)
    }

    @Test("isFinished is true from the end on")
    func finished() {
        let a = Tween(from: 0, to: 6, duration: .milliseconds(300), start: .milliseconds(100))
        #expect(!a.isFinished(at: .zero))
        #expect(!a.isFinished(at: .milliseconds(399)))
        #expect(a.isFinished(at: .milliseconds(400)))
        #expect(a.isFinished(at: .seconds(1)))
    }

    @Test("A zero duration jumps to the end at the start time")
    func zeroDuration() {
        let a = Tween(from: 3, to: 9, duration: .zero, easing: .easeInOut, start: .seconds(2))
        #expect(a.progress(at: .seconds(1)) == 0)
        #expect(a.value(at: .seconds(1)) == 3)
        #expect(a.progress(at: .seconds(2)) == 1)
        #expect(a.value(at: .seconds(2)) == 9)
        #expect(a.value(at: .seconds(3)) == 9)
        #expect(a.isFinished(at: .seconds(2)))
        #expect(!a.isFinished(at: .milliseconds(1999)))
    }

    @Test("A negative duration behaves like zero")
    func negativeDuration() {
        let a = Tween(from: 0.0, to: 1.0, duration: .seconds(-1), easing: .linear, start: .seconds(1))
        #expect(a.value(at: .zero) == 0)
        #expect(a.value(at: .seconds(1)) == 1)
    }

    @Test("Int animation rounds to whole cells")
    func intInterpolation() {
        let slide = Tween(from: 0, to: 6, duration: .milliseconds(300), easing: .linear, start: .zero)
        #expect(slide.value(at: .zero) == 0)
        #expect(slide.value(at: .milliseconds(50)) == 1)
        #expect(slide.value(at: .milliseconds(150)) == 3)
        #expect(slide.value(at: .milliseconds(160)) == 3)  // 3.2
        #expect(slide.value(at: .milliseconds(300)) == 6)
        let values = stride(from: 0, through: 300, by: 10).map { slide.value(at: .milliseconds($0)) }
        #expect(values == values.sorted())
        #expect(values.allSatisfy { (0...6).contains($0) })
    }

    @Test("Int animation rounds halves away from zero")
    func intHalves() {
        let a = Tween(from: 0, to: 3, duration: .seconds(1), easing: .linear, start: .zero)
        #expect(a.value(at: .milliseconds(500)) == 2)  // 1.5
        let b = Tween(from: 0, to: -3, duration: .seconds(1), easing: .linear, start: .zero)
        #expect(b.value(at: .milliseconds(500)) == -2)  // -1.5
    }

    @Test("Int animation downwards")
    func intDownwards() {
        let hide = Tween(from: 6, to: 0, duration: .milliseconds(300), easing: .linear, start: .zero)
        #expect(hide.value(at: .zero) == 6)
        #expect(hide.value(at: .milliseconds(100)) == 4)
        #expect(hide.value(at: .milliseconds(300)) == 0)
    }

    @Test("Eased animation uses the curve")
    func eased() {
        let a = Tween(from: 0.0, to: 8.0, duration: .seconds(1), easing: .easeIn, start: .zero)
        #expect(a.value(at: .milliseconds(500)) == 1)  // 8 × 0.5³
        let b = Tween(from: 0.0, to: 8.0, duration: .seconds(1), easing: .easeOut, start: .zero)
        #expect(b.value(at: .milliseconds(500)) == 7)  // 8 × (1 − 0.5³)
        let c = Tween(from: 0.0, to: 8.0, duration: .seconds(1), start: .zero)  // easeInOut by default
        #expect(c.easing == .easeInOut)
        #expect(c.value(at: .milliseconds(500)) == 4)
    }

    @Test("Interpolatable conformances")
    func interpolatable() {
        #expect(2.0.interpolated(to: 4.0, by: 0.5) == 3)
        #expect(2.0.interpolated(to: 4.0, by: 0) == 2)
        #expect(2.0.interpolated(to: 4.0, by: 1) == 4)
        #expect(0.interpolated(to: 10, by: 0.44) == 4)
        #expect(0.interpolated(to: 10, by: 0.46) == 5)
        #expect(10.interpolated(to: 0, by: 0.25) == 8)  // 7.5 rounds to 8
        #expect(5.interpolated(to: 5, by: 0.7) == 5)
    }

    @Test("A tween on a virtual clock")
    @MainActor
    func withScheduler() {
        let clock = VirtualScheduler()
        clock.advance(by: .seconds(3))
        let slide = Tween(from: 0, to: 6, duration: .milliseconds(300), easing: .easeOut, start: clock.now)
        #expect(slide.value(at: clock.now) == 0)
        clock.advance(by: .milliseconds(300))
        #expect(slide.value(at: clock.now) == 6)
        #expect(slide.isFinished(at: clock.now))
    }
}
