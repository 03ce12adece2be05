import IndicatorKit
import TUITesting
import Testing

@testable import ShowcaseKit

@MainActor
struct ShowcaseAppTests {
    func makeApp() -> (ShowcaseApp, HeadlessTerminal, TerminalHost) {
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let (app, host) = ShowcaseApp.hosted(on: terminal, scheduler: VirtualScheduler())
        return (app, terminal, host)
    }

    @Test func qAndControlCQuit() {
        let (app, _, host) = makeApp()
        var quits = 0
        app.onQuit = { quits += 1 }
        host.send(.key(.character("q")))
        host.send(.key(.control("c")))
        #expect(quits == 2)
    }

    @Test func questionMarkTogglesHelp() {
        let (app, terminal, host) = makeApp()
        host.send(.key(.character("?")))
        host.renderIfNeeded()
        #expect(app.isShowingHelp)
        expectSnapshot(terminal.lines, "home-help")
        host.send(.key(.character("?")))
        host.renderIfNeeded()
        #expect(!app.isShowingHelp)
        expectSnapshot(terminal.lines, "home")  // the help gone, Home as it opens
    }

    @Test func scenesAreSelectedById() {
        let (app, _, _) = makeApp()
        #expect(app.selectScene(id: "terminal"))
        #expect(app.selectedSceneID == "terminal")
        #expect(!app.selectScene(id: "missing"))
        #expect(app.selectScene(id: "page") && app.selectedSceneID == "loading", "the scene's former name still opens it")
    }

    @Test func theAppOpensOnHomeWhichSaysWhatTheKitIsAndNamesNoDocuments() {
        let (app, terminal, host) = makeApp()
        host.renderIfNeeded()
        #expect(app.selectedSceneID == "home")
        expectSnapshot(terminal.lines, "home")  // what the kit is, then its four panels
        #expect(!terminal.text.lowercased().contains("document"))
        #expect(!terminal.text.contains("fail"))
    }

    @Test func aClickOnAHomePanelOpensItsScene() throws {
        let (app, terminal, host) = makeApp()
        host.renderIfNeeded()
        let row = try #require(terminal.lines.firstIndex { $0.contains("╭ 5 Photos chosen in order") })
        let column = try #require(terminal.lines[row].range(of: "Photos")).lowerBound.utf16Offset(in: terminal.lines[row])
        host.send(.mouse(MouseEvent(.press, at: Point(x: column, y: row + 2))))
        #expect(app.selectedSceneID == "picker")
    }

    @Test func theHomeScenesPanelsPlayOnTheBeat() {
        let scheduler = VirtualScheduler()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let (_, host) = ShowcaseApp.hosted(on: terminal, scheduler: scheduler)
        host.renderIfNeeded()
        expectSnapshot(terminal.lines, "home")  // 0 %, nothing chosen yet
        scheduler.advance(by: .seconds(3))
        host.renderIfNeeded()
        expectSnapshot(terminal.lines, "home-at-3s")  // one chosen, the loading page shown
        scheduler.advance(by: .seconds(3.5))
        host.renderIfNeeded()
        expectSnapshot(terminal.lines, "home-at-6.5s")  // 100 %, three chosen in their order
    }

    /// The GIF scene plays from when it is first shown: visited 70 s after the start, it opens
    /// at its first loop (it said "loop 70 of ∞").
    @Test func theGifSceneOpensAtItsFirstLoopHoweverLateItIsVisited() {
        let scheduler = VirtualScheduler()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let (_, host) = ShowcaseApp.hosted(on: terminal, scheduler: scheduler)
        host.renderIfNeeded()
        scheduler.advance(by: .seconds(70))
        host.renderIfNeeded()
        host.send(.key(.character("7")))
        host.renderIfNeeded()
        let status = terminal.lines.first { $0.contains("spinner.gif") } ?? ""
        #expect(status.contains("frame 1 of ") && status.contains("loop 1 of ∞"), "\(status)")
    }

    /// A small window still shows Home's four panels, five rows each (65×19 showed none).
    @Test func homeShowsItsFourPanelsInASmallWindow() {
        let terminal = HeadlessTerminal(size: Size(width: 65, height: 19))
        let (_, host) = ShowcaseApp.hosted(on: terminal, scheduler: VirtualScheduler())
        host.renderIfNeeded()
        expectSnapshot(terminal.lines, "home-65x19")
    }

    @Test func theStatusLineIsAlwaysOnTheLastRow() {
        let (_, terminal, host) = makeApp()
        host.renderIfNeeded()
        #expect(terminal.lines[23].hasPrefix(" ? help · 2…8 open a scene"))
    }

    @Test func theStatusLineHoldsWholeHintsOnly() {
        let hints = [KeyHint("k", "Quick 0.2 s"), KeyHint("s", "Slow 2 s"), KeyHint("e", "Error 500")]
        #expect(ShowcaseApp.statusLine(hints: hints, width: 80) == " ? help · k Quick 0.2 s · s Slow 2 s · e Error 500 · q quit ")
        #expect(ShowcaseApp.statusLine(hints: hints, width: 40) == " ? help · k Quick 0.2 s · q quit ", "a hint that does not fit whole is left out")
        #expect(ShowcaseApp.statusLine(hints: hints, width: 30) == " ? help · q quit ")
        #expect(ShowcaseApp.statusLine(hints: [], width: 5) == " ? help")
    }
}
