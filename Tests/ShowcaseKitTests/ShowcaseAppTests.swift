import TUICore
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
        #expect(terminal.text.contains("╭ Help"))
        host.send(.key(.character("?")))
        host.renderIfNeeded()
        #expect(!app.isShowingHelp)
        #expect(!terminal.text.contains("╭ Help"))
    }

    @Test func scenesAreSelectedById() {
        let (app, _, _) = makeApp()
        #expect(app.selectScene(id: "terminal"))
        #expect(app.selectedSceneID == "terminal")
        #expect(!app.selectScene(id: "missing"))
    }

    @Test func theStatusLineIsAlwaysOnTheLastRow() {
        let (_, terminal, host) = makeApp()
        host.renderIfNeeded()
        #expect(terminal.lines[23].hasPrefix(" ? help · any key shown under Input"))
    }

    @Test func theStatusLineHoldsWholeHintsOnly() {
        let hints = [KeyHint("k", "Quick 0.2 s"), KeyHint("s", "Slow 2 s"), KeyHint("e", "Error 500")]
        #expect(ShowcaseApp.statusLine(hints: hints, width: 80) == " ? help · k Quick 0.2 s · s Slow 2 s · e Error 500  q quit ")
        #expect(ShowcaseApp.statusLine(hints: hints, width: 40) == " ? help · k Quick 0.2 s  q quit ", "a hint that does not fit whole is left out")
        #expect(ShowcaseApp.statusLine(hints: hints, width: 30) == " ? help  q quit ")
        #expect(ShowcaseApp.statusLine(hints: [], width: 5) == " ? help")
    }
}
