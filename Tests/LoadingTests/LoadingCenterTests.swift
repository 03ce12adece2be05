import GifDecoding
import Indicator
import IndicatorKit
import TestSupport
import Testing

@testable import Loading

/// The center on the virtual clock, with a real screen hierarchy.
@MainActor
struct LoadingCenterTests {
    let clock = VirtualScheduler()

    func settle() async { await clock.settle() }

    func advance(_ duration: Duration) async { await clock.run(for: duration) }

    final class Counter: View {
        var events = 0
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.draw("content \(events)", at: rect.origin, clip: rect)
        }
        func handle(_ event: InputEvent) -> EventResult {
            events += 1
            return .handled
        }
    }

    /// A navigation stack (in `tabs` when given) with a detail screen pushed, and the page
    /// shown over it for half a second.
    func pageOverAPushedScreen(
        inTabs: Bool
    ) async -> (home: Screen, detail: Screen, stack: NavigationStack, tabs: TabContainer?, center: LoadingCenter, handle: LoadingHandle) {
        let home = Screen(title: "Home")
        let detail = Screen(title: "Detail")
        let stack = NavigationStack(root: home)
        let tabs = inTabs ? TabContainer(tabs: [stack, Screen(title: "Other")]) : nil
        let center = LoadingCenter(clock: clock)
        center.root = tabs ?? stack
        center.presentation = .page
        stack.push(detail)
        let handle = center.begin("Loading")
        await advance(.milliseconds(500))
        return (home, detail, stack, tabs, center, handle)
    }

    // B1.4 B1.5
    @Test("B1.4, B1.5: the page goes on the top-most screen and is removed from that screen even after navigation")
    func attachesToTopMostAndHidesByHandle() async {
        let (_, detail, stack, tabs, center, handle) = await pageOverAPushedScreen(inTabs: true)
        #expect(detail.hasOverlay(center.overlay))
        #expect(center.isOverlayShown)
        // Navigation changes while the page shows: pop back, switch tabs.
        stack.pop()
        tabs?.select(1)
        handle.end()
        await advance(.seconds(1))
        #expect(!detail.hasOverlay(center.overlay), "removed from the screen it was put on")
        #expect(!center.isOverlayShown)
        #expect(clock.pendingCount == 0, "no timer left behind")
    }

    // B1.4
    @Test("B1.4: a showing page moves to the screen in view when asked; the label counts the others")
    func followsTheTopMostScreenAndCountsTheOthers() async {
        let (home, detail, stack, _, center, first) = await pageOverAPushedScreen(inTabs: false)
        #expect(detail.hasOverlay(center.overlay))
        stack.pop()
        center.followTopMost()
        #expect(home.hasOverlay(center.overlay) && !detail.hasOverlay(center.overlay), "on the screen the user sees now")
        #expect(center.currentLabel == "Loading")
        let second = center.begin("Saving")
        #expect(center.currentLabel == "Saving (+1)", "the latest label, and how many more run")
        second.end()
        first.end()
        await advance(.seconds(1))
        #expect(!home.hasOverlay(center.overlay))
        center.followTopMost()
        #expect(!home.hasOverlay(center.overlay), "a hidden overlay is not attached anywhere")
    }

    /// Content with known colours, to measure the overlay's shade.
    final class Painted: View {
        func render(in rect: Rect, on canvas: inout Canvas) {
            canvas.fill(rect, with: Cell("x", style: Style(foreground: .rgb(255, 255, 255), background: .rgb(200, 100, 50))))
        }
    }

    /// A screen of `content` with the overlay shown over it at full opacity.
    func overlayShown(over content: any View, _ presentation: LoadingPresentation) async -> (screen: Screen, center: LoadingCenter, handle: LoadingHandle) {
        let screen = Screen(title: "S", content: content)
        let center = LoadingCenter(clock: clock)
        center.root = screen
        center.presentation = presentation
        let handle = center.begin("Working")
        await advance(.seconds(1))  // past the grace delay and the fade-in: full opacity
        return (screen, center, handle)
    }

    /// `screen` drawn on a 40×12 canvas.
    func drawn(_ screen: Screen) -> Canvas {
        var canvas = Canvas(size: Size(width: 40, height: 12))
        screen.render(in: canvas.bounds, on: &canvas)
        return canvas
    }

    // B1.2 B3.1
    @Test("B1.2, B3.1: the page dims the screen (its background's colour at 55 %), full-screen black at 60 %, compact black at 40 %")
    func shades() async {
        let (screen, center, handle) = await overlayShown(over: Painted(), .page)
        func corners() -> [Style] {
            let canvas = drawn(screen)
            return [canvas[0, 0].style, canvas[39, 0].style, canvas[0, 11].style, canvas[39, 11].style]
        }
        // A dark terminal's black at 0.55 over white text on (200, 100, 50): 0.45 × each, rounded.
        #expect(corners() == Array(repeating: Style(foreground: .rgb(115, 115, 115), background: .rgb(90, 45, 22)), count: 4))
        center.presentation = .fullScreen
        #expect(corners() == Array(repeating: Style(foreground: .rgb(102, 102, 102), background: .rgb(80, 40, 20)), count: 4))
        center.presentation = .compact
        #expect(corners() == Array(repeating: Style(foreground: .rgb(153, 153, 153), background: .rgb(120, 60, 30)), count: 4))
        handle.end()
    }

    /// Content in the terminal's default colours.
    final class Plain: View {
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.fill(rect, with: Cell("x")) }
    }

    // B1.2 B3.1
    @Test("B1.2, B3.1: the shades follow the terminal's background, and the page dims on dark and light alike")
    func shadesFollowTheTerminalsBackground() async {
        let (screen, center, handle) = await overlayShown(over: Plain(), .fullScreen)
        func corner() -> Style { drawn(screen)[0, 0].style }
        #expect(corner().background == .rgb(0, 0, 0), "dark: black at 60 % over black")
        center.imageStyle.theme = .light
        #expect(corner().background == .rgb(102, 102, 102), "light: black at 60 % over white is grey")
        center.presentation = .page
        #expect(corner().background == .rgb(255, 255, 255), "the page over white stays white, never turns dark")
        #expect(corner().foreground == .rgb(140, 140, 140), "the dark text fades towards white: dimmed")
        center.imageStyle.theme = .dark
        #expect(corner().foreground == .rgb(103, 103, 103), "on a dark terminal the light text fades towards black: dimmed too")
        handle.end()
        await advance(.seconds(1))
    }

    @Test func theBackgroundIsToldByTheEnvironment() {
        #expect(TerminalTheme.detect(environment: [:]) == .dark)
        #expect(TerminalTheme.detect(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalTheme.detect(environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(TerminalTheme.detect(environment: ["COLORFGBG": "0;default;7"]) == .light)
        #expect(TerminalTheme.detect(environment: ["COLORFGBG": "0;15", "INDICATORKIT_BACKGROUND": "dark"]) == .dark, "the option wins")
        #expect(TerminalTheme.detect(environment: ["INDICATORKIT_BACKGROUND": "LIGHT"]) == .light)
    }

    // B3.2
    @Test("B3.2: without a GIF the full-screen overlay turns a glyph spinner; any FrameAnimation can take its place")
    func theDefaultSpinnerIsAGlyph() async {
        let screen = Screen(title: "S", content: Counter())
        let center = LoadingCenter(clock: clock)
        center.root = screen
        let handle = center.begin("Working")
        await advance(.seconds(1))
        func middle() -> [String] {
            var canvas = Canvas(size: Size(width: 40, height: 12))
            screen.render(in: canvas.bounds, on: &canvas)
            return Array(canvas.lines[5...6])
        }
        #expect(SpinnerStyle.compass.frames.contains(middle()[0].trimmingCharacters(in: .whitespaces)))
        #expect(middle()[1] == "                Working                 ")
        handle.end()
        await advance(.seconds(1))
        center.spinnerAnimation = SpinnerStyle.ascii
        let again = center.begin("Working")
        await advance(.seconds(1))
        #expect(SpinnerStyle.ascii.frames.contains(middle()[0].trimmingCharacters(in: .whitespaces)), "the new animation shows when the overlay next appears")
        again.end()
    }

    // B3.1 B3.2
    @Test("B3.1, B3.2: full-screen dims everything; compact is a centered box a quarter of the width")
    func presentations() async throws {
        let content = Counter()
        let screen = Screen(title: "S", content: content)
        let center = LoadingCenter(clock: clock)
        center.spinnerAnimation = try AnimatedImage.spinner()  // what the showcase passes
        center.root = screen
        let handle = center.begin("Working")
        await advance(.seconds(1))
        func screenLines() -> [String] {
            var canvas = Canvas(size: Size(width: 40, height: 12))
            screen.render(in: canvas.bounds, on: &canvas)
            return canvas.lines
        }
        // Full-screen: the spinner GIF and the label in the middle of the dimmed screen
        // (the shade itself is measured in `shades`).
        #expect(
            screenLines() == [
                "content 0                               ",
                "                                        ",
                "                                        ",
                "                 ▄▄▀▀▄▄                 ",
                "                ▀▀    ▀▀                ",
                "                ▀      ▀▀               ",
                "                ▀    ▄▀▀                ",
                "                   ▀▀▀▀                 ",
                "                Working                 ",
                "                                        ",
                "                                        ",
                "                                        ",
            ]
        )
        // Compact: a box a quarter of the width, centered, the indicator at half its size,
        // the label inside.
        center.presentation = .compact
        #expect(LoadingOverlay.compactBox(in: Rect(x: 0, y: 0, width: 40, height: 12)) == Rect(x: 15, y: 3, width: 10, height: 5))
        #expect(
            screenLines() == [
                "content 0                               ",
                "                                        ",
                "                                        ",
                "               ╭────────╮               ",
                "               │  ▀▀▀   │               ",
                "               │  ▀▄▀   │               ",
                "               │Working │               ",
                "               ╰────────╯               ",
                "                                        ",
                "                                        ",
                "                                        ",
                "                                        ",
            ]
        )
        handle.end()
    }

    @Test func aLabelTooWideIsCutBeforeTheCountOfOthersWhichStays() {
        #expect(LoadingOverlay.fitted("Request: third (+2)", width: 12) == "Reques… (+2)")
        #expect(LoadingOverlay.fitted("Request: third", width: 10) == "Request: …")
        #expect(LoadingOverlay.fitted("Short (+1)", width: 20) == "Short (+1)")
        #expect(LoadingOverlay.fitted("Request: third (+12)", width: 5) == "Requ…", "no room for the count: cut as a whole")
    }

    // B3.4
    @Test("B3.4: with stopTouch the overlay swallows input; without it, input passes through")
    func stopTouch() async {
        let content = Counter()
        let screen = Screen(title: "S", content: content)
        let center = LoadingCenter(clock: clock)
        center.root = screen
        let handle = center.begin()
        _ = screen.handle(.key(.character("a")))
        #expect(content.events == 1, "not shown yet during the grace delay")
        await advance(.milliseconds(500))
        _ = screen.handle(.key(.character("a")))
        _ = screen.handle(.mouse(MouseEvent(.press, at: Point(x: 1, y: 1))))
        #expect(content.events == 1)
        // Ctrl-C and Ctrl-Z always reach the app, and the quit key it names.
        _ = screen.handle(.key(.control("c")))
        _ = screen.handle(.key(.control("z")))
        #expect(content.events == 3, "the user can always quit or suspend")
        _ = screen.handle(.key(.character("q")))
        #expect(content.events == 3)
        center.passingKeys.insert(.character("q"))
        _ = screen.handle(.key(.character("q")))
        #expect(content.events == 4)
        center.stopTouch = false
        _ = screen.handle(.key(.character("a")))
        #expect(content.events == 5)
        handle.end()
    }

    // B3.6
    @Test("B3.6: track ends the activity on success, on a thrown error and on cancellation")
    func trackAlwaysBalances() async throws {
        let center = LoadingCenter(clock: clock)
        struct Failure: Error {}
        let value = try await center.track("ok") { 42 }
        #expect(value == 42)
        await #expect(throws: Failure.self) { try await center.track("fails") { throw Failure() } }
        let clock = self.clock
        let outer = clock.startTask {
            try await center.track("cancelled") {
                try await clock.sleep(for: .seconds(10))
                try Task.checkCancellation()
            }
        }
        await settle()
        #expect(center.activeCount == 1)
        outer.cancel()
        await settle()
        #expect(center.activeCount == 0, "the cancelled sleep ends at once, without the clock moving")
        await advance(.seconds(2))
        #expect(!center.isOverlayShown)
    }

    @Test func escCancelsCancellableActivities() async throws {
        let screen = Screen(title: "S")
        let center = LoadingCenter(clock: clock)
        center.root = screen
        let clock = self.clock
        let task = clock.startTask {
            try await center.track("Download", cancellable: true) {
                try await clock.sleep(for: .seconds(5))
                try Task.checkCancellation()
                return 1
            }
        }
        await settle()
        await advance(.seconds(1))
        #expect(screen.handle(.key(.escape)) == .handled)
        await settle()
        let result = await task.result
        #expect((try? result.get()) == nil, "cancelled")
        #expect(center.activeCount == 0)
    }

    @Test func progressShowsAsABar() async {
        let screen = Screen(title: "S")
        let center = LoadingCenter(clock: clock)
        center.root = screen
        let handle = center.begin("Copying")
        handle.report(progress: 0.5, message: "3 of 6")
        await advance(.seconds(1))
        var canvas = Canvas(size: Size(width: 40, height: 16))
        screen.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines.joined().contains("50 % · 3 of 6"))
        #expect(canvas.lines.joined().contains("███████████████░░░░░░░░░░░░░░░"))
        handle.end()
        handle.end()
    }

    @Test func manyConcurrentTrackedTasksEndHidden() async {
        let center = LoadingCenter(clock: clock)
        let screen = Screen(title: "S")
        center.root = screen
        let clock = self.clock
        var tasks: [Task<Void, any Error>] = []
        var generator = SeededGenerator()
        for i in 0..<2000 {
            let delay = Int.random(in: 0...3000, using: &generator)
            let outcome = Int.random(in: 0..<3, using: &generator)
            let task = clock.startTask {
                _ = try? await center.track("job \(i)") {
                    try await clock.sleep(for: .milliseconds(delay))
                    if outcome == 1 { throw CancellationError() }
                    return i
                }
            }
            if outcome == 2 { task.cancel() }
            tasks.append(task)
        }
        await settle()
        await advance(.seconds(5))
        for task in tasks { _ = await task.result }
        await advance(.seconds(2))
        #expect(center.activeCount == 0, "seed \(generator.seed)")
        #expect(!center.isOverlayShown, "seed \(generator.seed)")
        #expect(center.state.phase == .hidden, "seed \(generator.seed)")
    }
}
