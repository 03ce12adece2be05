import Dispatch
import IndicatorKit
import TestSupport
import Testing

@testable import CellPictures

/// The animation seam: timing computed from durations, and the one player every component uses.
@MainActor
@Suite(.endsIdle)
struct FramePlayerTests {
    /// Three text frames of 100, 200 and 300 ms, played twice.
    struct Steps: FrameAnimation {
        var frameCount: Int { 3 }
        var frameSize: FrameSize { .text(width: 1) }
        var plays: AnimationPlays { .count(2) }
        func duration(ofFrame index: Int) -> Duration { .milliseconds(100 * (index + 1)) }
        func frame(at index: Int) -> AnimationFrame { .text(["a", "b", "c"][min(max(0, index), 2)]) }
        var stillFrame: AnimationFrame { .text("·") }
    }

    /// Two 2×2 images, red then blue.
    struct Blink: FrameAnimation {
        var frameCount: Int { 2 }
        var frameSize: FrameSize { .pixels(Size(width: 2, height: 2)) }
        func duration(ofFrame index: Int) -> Duration { .milliseconds(500) }
        func frame(at index: Int) -> AnimationFrame {
            var image = RGBAImage(width: 2, height: 2)
            for y in 0..<2 { for x in 0..<2 { image[x, y] = index == 0 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) } }
            return .image(image)
        }
    }

    @Test func positionsFollowTheOwnDurationsAndThePlays() {
        let steps = Steps()
        #expect(steps.cycleDuration(timing: .own) == .milliseconds(600))
        #expect(steps.position(at: .milliseconds(99), timing: .own) == PlaybackPosition(frame: 0, play: 0, isFinished: false))
        #expect(steps.position(at: .milliseconds(100), timing: .own).frame == 1)
        #expect(steps.position(at: .milliseconds(300), timing: .own).frame == 2)
        #expect(steps.position(at: .milliseconds(650), timing: .own) == PlaybackPosition(frame: 0, play: 1, isFinished: false))
        #expect(steps.position(at: .seconds(5), timing: .own) == PlaybackPosition(frame: 2, play: 1, isFinished: true))
        #expect(steps.timeUntilNextFrame(at: .milliseconds(150), timing: .own) == .milliseconds(150))
        #expect(steps.timeUntilNextFrame(at: .seconds(5), timing: .own) == nil, "nothing changes once every play is over")
    }

    @Test("B0.3: a uniform cycle spreads evenly over the frames, exactly at the boundaries")
    func uniformTiming() {
        let steps = Steps()
        let timing = FrameTiming.uniform(cycle: .milliseconds(300))
        #expect(steps.position(at: .milliseconds(99), timing: timing).frame == 0)
        #expect(steps.position(at: .milliseconds(100), timing: timing).frame == 1)
        #expect(steps.position(at: .milliseconds(200), timing: timing).frame == 2)
        #expect(steps.position(at: .milliseconds(300), timing: timing) == PlaybackPosition(frame: 0, play: 1, isFinished: false))
        #expect(steps.timeUntilNextFrame(at: .milliseconds(250), timing: timing) == .milliseconds(50))
    }

    @Test func onePlayerKeepsOneTimerAndRedrawsOnlyOnChange() {
        let clock = VirtualScheduler()
        let player = FramePlayer(animation: Steps(), clock: clock)
        var redraws = 0
        player.onNeedsDisplay = { redraws += 1 }
        #expect(player.cells(fitting: Size(width: 5, height: 1)).lines == ["·"], "stopped: the still frame")
        player.play()
        #expect(redraws == 1)
        #expect(clock.pendingCount == 1)
        clock.advance(by: .milliseconds(100))
        #expect(player.currentFrame == 1 && redraws == 2 && clock.pendingCount == 1)
        #expect(player.cells(fitting: Size(width: 5, height: 1)).lines == ["b"])
        clock.advance(by: .seconds(10))
        #expect(player.position.isFinished && player.currentFrame == 2)
        #expect(clock.pendingCount == 0, "no timer once the last play is over")
    }

    @Test func pauseHoldStepAndResume() {
        let clock = VirtualScheduler()
        let player = FramePlayer(animation: Steps(), clock: clock)
        player.play()
        clock.advance(by: .milliseconds(150))
        player.pause()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(1))
        #expect(player.currentFrame == 1 && player.elapsed == .milliseconds(150))
        player.resume()
        clock.advance(by: .milliseconds(150))
        #expect(player.currentFrame == 2, "resumed where it paused")
        player.step(by: 1)
        #expect(player.state == .holding(frame: 0) && clock.pendingCount == 0)
        player.step(by: -1)
        #expect(player.currentFrame == 2)
        player.resume()
        #expect(player.elapsed == .milliseconds(300), "plays on from the held frame's start")
        player.reducedMotion = true
        #expect(player.cells(fitting: Size(width: 5, height: 1)).lines == ["·"] && clock.pendingCount == 0)
    }

    @Test func imagesAreRasterizedOncePerFrameAndBox() {
        let clock = VirtualScheduler()
        let player = FramePlayer(animation: Blink(), clock: clock)
        player.play()
        #expect(player.size(fitting: Size(width: 10, height: 10)) == Size(width: 10, height: 5), "square pixels: two per cell, one above the other")
        let red = player.cells(fitting: Size(width: 2, height: 1))
        #expect(red.size == Size(width: 2, height: 1))
        #expect(red[0, 0].style.foreground == .rgb(255, 0, 0))
        clock.advance(by: .milliseconds(500))
        #expect(player.cells(fitting: Size(width: 2, height: 1))[0, 0].style.foreground == .rgb(0, 0, 255))
        player.stop()
        #expect(clock.pendingWork.isEmpty, "stopping cancels its one timer")
    }

    @Test func aPlayerThatIsNotDrawnStopsWakingTheProcess() {
        let clock = VirtualScheduler()
        let player = FramePlayer(animation: Blink(), clock: clock)
        player.sleepsWhenNotDrawn = true
        player.play()
        clock.advance(by: .milliseconds(500))  // drawn at start (no drawing yet counts as drawn)
        clock.advance(by: .milliseconds(500))  // not drawn since: the timer is not renewed
        #expect(clock.pendingCount == 0)
        clock.advance(by: .milliseconds(250))
        _ = player.cells(fitting: Size(width: 2, height: 1))
        #expect(clock.pendingCount == 1 && player.currentFrame == 0, "drawn again: at the right frame, ticking again")
        player.stop()
    }

    /// A frame that takes as long to decode as the test says: decoding starts, then waits
    /// until the gate opens.
    final class Gate: @unchecked Sendable {  // semaphores only
        let entered = DispatchSemaphore(value: 0)
        let open = DispatchSemaphore(value: 0)
        func waitUntilEntered() async {
            await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    self.entered.wait()
                    done.resume()
                }
            }
        }
    }
    struct SlowImage: FrameAnimation {
        let gate: Gate
        var frameCount: Int { 1 }
        var frameSize: FrameSize { .pixels(Size(width: 2, height: 2)) }
        func duration(ofFrame index: Int) -> Duration { .seconds(1) }
        func frame(at index: Int) -> AnimationFrame {
            gate.entered.signal()
            gate.open.wait()
            return Blink().frame(at: 0)
        }
    }

    /// The limit is a net for a hang, not a pace: on a busy two-core machine the main actor
    /// can be taken by other suites' tests for over a minute before this one resumes.
    @Test(.timeLimit(.minutes(3)))
    func aFrameDecodedInTheBackgroundNeverHoldsUpTheMainActor() async {
        let gate = Gate()
        let player = FramePlayer(animation: SlowImage(gate: gate), clock: VirtualScheduler())
        player.rendersInBackground = true
        let (redraws, redraw) = AsyncStream.makeStream(of: Void.self)
        player.onNeedsDisplay = { redraw.yield() }
        player.play()
        let box = Size(width: 2, height: 1)
        let blank = Canvas(size: box)
        #expect(player.cells(fitting: box) == blank, "nothing is ready: blank cells of the right size, at once")
        await gate.waitUntilEntered()
        // The decoder is stuck inside the frame; the main actor still draws at once.
        #expect(player.cells(fitting: box) == blank)
        #expect(player.isBehind)
        gate.open.signal()
        for await _ in redraws where player.cells(fitting: box) != blank { break }
        #expect(player.cells(fitting: box).lines == ["▀▀"])
        #expect(
            player.cells(fitting: box) == FramePlayer(animation: Blink(), clock: VirtualScheduler()).cells(fitting: box),
            "the same cells as drawn in step"
        )
        #expect(!player.isBehind)
    }
}
