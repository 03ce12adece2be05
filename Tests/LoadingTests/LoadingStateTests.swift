import TestSupport
import Testing

@testable import Loading

/// Every timing rule of the overlay, on plain values.
struct LoadingStateTests {
    let ms = { (n: Int) -> Duration in .milliseconds(n) }

    // B3.3
    @Test("B3.3: the overlay appears only after the grace delay, then fades in")
    func graceDelayThenFadeIn() {
        var state = LoadingState(graceDelay: ms(500), minimumVisible: ms(400), fadeDuration: ms(200))
        #expect(state.handle(.begin, at: .zero) == [.scheduleTick(after: ms(500))])
        #expect(!state.isShown)
        #expect(state.handle(.tick, at: ms(500)) == [])
        #expect(state.phase == .visible(shownAt: ms(500)))
        #expect(state.opacity(at: ms(600)) == 0.5)
        #expect(state.opacity(at: ms(700)) == 1)
    }

    @Test func quickWorkNeverShows() {
        var state = LoadingState()
        _ = state.handle(.begin, at: .zero)
        #expect(state.handle(.end, at: ms(200)) == [])
        #expect(state.phase == .hidden)
        #expect(state.handle(.tick, at: ms(500)) == [], "the stale grace tick does nothing")
        #expect(state.phase == .hidden)
    }

    // B3.5
    @Test("B3.5: once shown it stays its minimum time, then fades out and hides")
    func minimumTimeThenFadeOut() {
        var state = LoadingState(graceDelay: ms(500), minimumVisible: ms(400), fadeDuration: ms(200))
        _ = state.handle(.begin, at: .zero)
        _ = state.handle(.tick, at: ms(500))
        #expect(state.handle(.end, at: ms(600)) == [.scheduleTick(after: ms(300))])
        #expect(state.phase == .lingering(shownAt: ms(500)))
        #expect(state.handle(.tick, at: ms(900)) == [.scheduleTick(after: ms(200))])
        #expect(state.phase == .fadingOut(since: ms(900), from: 1))
        #expect(state.opacity(at: ms(1000)) == 0.5)
        #expect(state.handle(.tick, at: ms(1100)) == [])
        #expect(state.phase == .hidden)
    }

    @Test func itHidesOnlyWhenTheLastActivityEnds() {
        var state = LoadingState()
        _ = state.handle(.begin, at: .zero)
        _ = state.handle(.begin, at: ms(100))
        _ = state.handle(.tick, at: ms(500))
        _ = state.handle(.end, at: ms(2000))
        #expect(state.active == 1)
        #expect(state.phase == .visible(shownAt: ms(500)), "the second request still runs (document 003's flaw)")
        _ = state.handle(.end, at: ms(3000))
        #expect(state.active == 0)
        if case .fadingOut = state.phase {} else { Issue.record("expected fading out, got \(state.phase)") }
    }

    @Test func aNewActivityDuringTheFadeOutComesBackWithoutAFlicker() {
        var state = LoadingState(fadeDuration: ms(200))
        _ = state.handle(.begin, at: .zero)
        _ = state.handle(.tick, at: ms(500))
        _ = state.handle(.end, at: ms(1000))
        let before = state.opacity(at: ms(1050))
        #expect(before == 0.75)
        _ = state.handle(.begin, at: ms(1050))
        #expect(state.isShown)
        #expect(state.opacity(at: ms(1050)) == before, "no jump")
        #expect(state.opacity(at: ms(1100)) == 1)
    }

    @Test func anExtraEndIsHarmless() {
        var state = LoadingState()
        #expect(state.handle(.end, at: .zero) == [])
        _ = state.handle(.begin, at: .zero)
        _ = state.handle(.end, at: ms(10))
        _ = state.handle(.end, at: ms(20))
        #expect(state.active == 0)
        #expect(state.phase == .hidden)
    }

    @Test func randomInterleavingsEndHidden() {
        var generator = SeededGenerator()
        for _ in 0..<2000 {
            var state = LoadingState()
            var now: Duration = .zero
            var running = 0
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                now += .milliseconds(Int.random(in: 0...400, using: &generator))
                if running == 0 || Bool.random(using: &generator) {
                    _ = state.handle(.begin, at: now)
                    running += 1
                } else {
                    _ = state.handle(.end, at: now)
                    running -= 1
                }
                _ = state.handle(.tick, at: now)
                #expect(state.active == running, "seed \(generator.seed)")
            }
            while running > 0 {
                now += .milliseconds(50)
                _ = state.handle(.end, at: now)
                running -= 1
            }
            // Let every timer run out.
            for step in 1...40 { _ = state.handle(.tick, at: now + .milliseconds(50 * step)) }
            #expect(state.phase == .hidden, "seed \(generator.seed)")
            #expect(state.active == 0, "seed \(generator.seed)")
        }
    }
}
