import Foundation
import GifDecoding
import IndicatorKit
import TestSupport
import Testing

@testable import Indicator

@MainActor
struct ActivityIndicatorTests {
    func render(_ indicator: ActivityIndicator, _ size: Size) -> [String] { rendered(indicator, size: size).lines }

    // B1.3
    @Test("B1.3: four images cycle every 0.3 s, wrapping around; stopping stops the timer")
    func imagesCycleEveryThreeTenths() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: WandImages.cycle, reducedMotion: false, clock: clock)
        indicator.startAnimating()
        var frames: [Int] = []
        for _ in 0..<9 {
            frames.append(indicator.currentFrame)
            clock.advance(by: .milliseconds(300))
        }
        #expect(frames == [0, 1, 2, 3, 0, 1, 2, 3, 0])
        #expect(clock.pendingCount == 1)
        indicator.stopAnimating()
        #expect(clock.pendingCount == 0)
        #expect(!indicator.isAnimating)
    }

    // B1.3
    @Test("B1.3: the four wand images differ from each other")
    func wandImagesDiffer() {
        #expect(WandImages.all.count == 4)
        #expect(Set(WandImages.all.map(\.pixels)).count == 4)
    }

    @Test("Every wand image shows a colour that stands out on a light terminal and on a dark one")
    func wandImagesShowOnLightAndDark() {
        for (index, image) in WandImages.all.enumerated() {
            var colours = Set<[UInt8]>()
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].a == 255 { colours.insert([image[x, y].r, image[x, y].g, image[x, y].b]) }
            }
            for background: (UInt8, UInt8, UInt8) in [(255, 255, 255), (17, 17, 17)] {
                let best = colours.map { Contrast.ratio(($0[0], $0[1], $0[2]), background) }.max() ?? 1
                #expect(best >= Contrast.visible, "image \(index) on \(background): at best \(best):1")
            }
        }
    }

    // B1.1
    @Test("B1.1: an indicator shows its image and a label, beside or below")
    func labelBesideAndBelow() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.comet, label: "Loading", reducedMotion: false, clock: clock)
        indicator.alignment = .leading
        indicator.startAnimating()
        #expect(render(indicator, Size(width: 14, height: 1)) == ["●∙∙∙ Loading  "])
        indicator.labelPlacement = .below
        indicator.alignment = .center
        #expect(render(indicator, Size(width: 9, height: 3)) == ["  ●∙∙∙   ", " Loading ", "         "])
        let images = ActivityIndicator(animation: WandImages.cycle, label: "Wait", labelPlacement: .below, reducedMotion: false, clock: clock)
        images.imageBox = Size(width: 16, height: 8)
        images.startAnimating()
        let lines = render(images, Size(width: 16, height: 9))
        #expect(lines[8] == "      Wait      ")
        #expect(lines[0...7].joined().contains("▀"))
    }

    @Test func theFrameComesFromTimeSoLateTicksDoNotSpeedItUp() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.quadrant, reducedMotion: false, clock: clock)  // 130 ms a frame
        var redraws = 0
        indicator.onNeedsDisplay = { redraws += 1 }
        indicator.startAnimating()
        redraws = 0
        clock.advance(by: .milliseconds(129))
        #expect(indicator.currentFrame == 0)
        #expect(redraws == 0, "no redraw before the frame changes")
        clock.advance(by: .milliseconds(1))
        #expect(indicator.currentFrame == 1)
        // A stall: the next ticks come late, all at once; the frame follows the clock.
        clock.advance(by: .milliseconds(1000))
        #expect(indicator.currentFrame == (1130 / 130) % 4)
        #expect(clock.pendingCount == 1, "one timer, however late")
    }

    @Test func aRedrawIsAskedForOnlyWhenTheFrameChanges() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.comet, reducedMotion: false, clock: clock)  // 110 ms
        var redraws = 0
        indicator.onNeedsDisplay = { redraws += 1 }
        indicator.startAnimating()
        var canvas = Canvas(size: Size(width: 4, height: 1))
        redraws = 0
        for _ in 0..<100 {
            clock.advance(by: .milliseconds(11))
            indicator.render(in: canvas.bounds, on: &canvas)  // drawn often, as a busy screen would
        }
        #expect(redraws == 10, "1.1 s at 110 ms a frame")
    }

    @Test func startingTwiceKeepsOneTimerAndStoppingIsAlwaysSafe() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.comet, reducedMotion: false, clock: clock)
        indicator.stopAnimating()
        indicator.startAnimating()
        clock.advance(by: .milliseconds(250))
        indicator.startAnimating()
        #expect(indicator.currentFrame == 2, "a second start does not restart the animation")
        #expect(clock.pendingCount == 1)
        indicator.stopAnimating()
        indicator.stopAnimating()
        #expect(clock.pendingCount == 0)
    }

    @Test func hiddenWhenStoppedUnlessAskedToStay() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.ascii, label: "idle", reducedMotion: false, clock: clock)
        indicator.alignment = .leading
        #expect(render(indicator, Size(width: 6, height: 1)) == ["      "])
        indicator.hidesWhenStopped = false
        #expect(render(indicator, Size(width: 6, height: 1)) == ["* idle"], "stopped but shown: the still glyph")
    }

    @Test func reducedMotionShowsTheStillGlyphAndSchedulesNothing() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.comet, label: "Saving", reducedMotion: true, clock: clock)
        indicator.alignment = .leading
        indicator.startAnimating()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(5))
        #expect(render(indicator, Size(width: 11, height: 1)) == ["●∙∙∙ Saving"])
        #expect(ReducedMotion.isRequested(in: ["INDICATORKIT_REDUCED_MOTION": "1"]))
        #expect(ReducedMotion.isRequested(in: ["INDICATORKIT_REDUCED_MOTION": "yes"]))
        #expect(!ReducedMotion.isRequested(in: ["INDICATORKIT_REDUCED_MOTION": "0"]))
        #expect(!ReducedMotion.isRequested(in: [:]))
    }

    @Test func aGifPlaysByAUniformCycle() throws {
        let clock = VirtualScheduler()
        let spinner = try AnimatedImage.spinner()
        let indicator = ActivityIndicator(animation: spinner, timing: .uniformOneSecond, reducedMotion: false, clock: clock)
        indicator.startAnimating()
        clock.advance(by: .milliseconds(500))
        #expect(indicator.currentFrame == 6)
        clock.advance(by: .milliseconds(600))
        #expect(indicator.currentFrame == 1)
        #expect(indicator.preferredSize == Size(width: 16, height: 6), "126×90 fitted in 16×8 cells")
    }

    @Test func labelsFromDataAreSanitised() {
        let clock = VirtualScheduler()
        let indicator = ActivityIndicator(animation: SpinnerStyle.ascii, label: "a\u{1B}[2Jb", hidesWhenStopped: false, reducedMotion: false, clock: clock)
        indicator.alignment = .leading
        #expect(!render(indicator, Size(width: 12, height: 1))[0].contains("\u{1B}"))
    }
}
