import IndicatorKit
import TestSupport
import Testing

@testable import TerminalRuntime

@MainActor
@Suite("TerminalHost")
struct TerminalHostTests {
    @Test("A click before the first frame reaches the view it falls on")
    func aClickBeforeTheFirstRenderIsHitTested() {
        /// Takes a press only inside where it was last drawn, as components do.
        final class Button: View {
            var drawnAt: Rect?
            var presses = 0
            func render(in rect: Rect, on canvas: inout Canvas) { drawnAt = Rect(x: rect.x + 2, y: rect.y, width: 4, height: 1) }
            func handle(_ event: InputEvent) -> EventResult {
                guard case .mouse(let mouse) = event, mouse.action == .press, drawnAt?.contains(mouse.position) == true else { return .ignored }
                presses += 1
                return .handled
            }
        }
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 2))
        let button = Button()
        let host = TerminalHost(backend: terminal, root: button)
        #expect(host.send(.mouse(MouseEvent(.press, button: .left, at: Point(x: 3, y: 0)))) == .handled)
        #expect(button.presses == 1)
        #expect(terminal.presentCount == 0, "laid out, not presented")
    }

    @Test("Views draw knowing the terminal's background, for adaptive colours")
    func viewsDrawKnowingTheBackground() {
        final class Adaptive: View {
            func render(in rect: Rect, on canvas: inout Canvas) {
                let color = AdaptiveColor(light: .palette(236), dark: .palette(252)).resolved(for: canvas.theme)
                canvas.draw("x", at: rect.origin, style: Style(foreground: color))
            }
        }
        let terminal = HeadlessTerminal(size: Size(width: 2, height: 1))
        let host = TerminalHost(backend: terminal, root: Adaptive())
        host.renderIfNeeded()
        #expect(terminal.screen[0, 0].style.foreground == .palette(252))
        terminal.capabilities.theme = .light
        host.setNeedsDisplay()
        host.renderIfNeeded()
        #expect(terminal.screen[0, 0].style.foreground == .palette(236))
    }

    @Test("The first render happens once; later renders only when needed")
    func rendersOnlyWhenNeeded() {
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 2))
        let root = ProbeView("hi")
        let host = TerminalHost(backend: terminal, root: root)
        #expect(host.needsDisplay)
        #expect(host.renderCount == 0)
        host.renderIfNeeded()
        #expect(host.renderCount == 1)
        #expect(terminal.presentCount == 1)
        #expect(terminal.lines == ["hi        ", "          "])
        host.renderIfNeeded()
        host.renderIfNeeded()
        #expect(host.renderCount == 1)
        #expect(terminal.presentCount == 1)
        #expect(root.renderedRects.count == 1)

        host.setNeedsDisplay()
        host.setNeedsDisplay()
        host.renderIfNeeded()
        #expect(host.renderCount == 2)

        host.send(.key(.enter))
        host.renderIfNeeded()
        host.renderIfNeeded()
        #expect(host.renderCount == 3)
        #expect(terminal.presentCount == 3)
    }

    @Test("send routes events to the root; a resize only asks for a render")
    func send() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 1))
        let root = ProbeView { $0 == .key(.enter) }
        let host = TerminalHost(backend: terminal, root: root)
        host.renderIfNeeded()
        #expect(host.send(.key(.enter)) == .handled)
        #expect(host.send(.key(.escape)) == .ignored)
        #expect(host.send(.resize(Size(width: 9, height: 9))) == .handled)
        #expect(root.received == [.key(.enter), .key(.escape)])
        #expect(host.needsDisplay)
    }

    @Test("pumpEvents delivers what the backend queued, and a resize renders at the new size")
    func pumpEvents() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 1))
        let root = ProbeView("ab")
        let host = TerminalHost(backend: terminal, root: root)
        host.renderIfNeeded()
        terminal.send(.key(.tab))
        terminal.resize(to: Size(width: 6, height: 2))
        host.pumpEvents()
        #expect(root.received == [.key(.tab)])
        host.renderIfNeeded()
        #expect(host.renderCount == 2)
        #expect(terminal.lines == ["ab    ", "      "])
        #expect(root.renderedRects.last == Rect(x: 0, y: 0, width: 6, height: 2))
        host.pumpEvents()  // nothing queued: no new render asked for
        #expect(!host.needsDisplay)
    }

    @Test("Below the minimum size a too-small notice replaces the view")
    func tooSmall() {
        let terminal = HeadlessTerminal(size: Size(width: 20, height: 5))
        let root = ProbeView("root")
        let host = TerminalHost(backend: terminal, root: root, minimumSize: Size(width: 40, height: 10))
        host.renderIfNeeded()
        #expect(
            terminal.lines == [
                " Terminal too small ",
                "    needs 40×10,    ",
                "      is 20×5       ",
                " enlarge or press q ",
                "                    ",
            ]
        )
        #expect(root.renderedRects.isEmpty)
        #expect(terminal.screen[1, 0].style.attributes == .bold)
        #expect(terminal.screen[4, 1].style == .plain)
    }

    @Test("The notice is cut to fit very small terminals")
    func tooSmallTiny() {
        let minimum = Size(width: 40, height: 10)
        let wide = HeadlessTerminal(size: Size(width: 10, height: 2))
        TerminalHost(backend: wide, root: ProbeView(), minimumSize: minimum).renderIfNeeded()
        #expect(wide.lines == ["Terminal t", "needs 40×1"])
        let line = HeadlessTerminal(size: Size(width: 5, height: 1))
        TerminalHost(backend: line, root: ProbeView(), minimumSize: minimum).renderIfNeeded()
        #expect(line.lines == ["Termi"])
    }

    @Test("One dimension too small is enough for the notice")
    func oneDimensionTooSmall() {
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 9))
        let root = ProbeView("root")
        TerminalHost(backend: terminal, root: root, minimumSize: Size(width: 40, height: 10)).renderIfNeeded()
        #expect(root.renderedRects.isEmpty)
        #expect(terminal.text.contains("Terminal too small"))
        #expect(terminal.text.contains("needs 40×10,") && terminal.text.contains("is 80×9"))
    }

    @Test("At exactly the minimum size the view is drawn")
    func exactlyMinimum() {
        let terminal = HeadlessTerminal(size: Size(width: 40, height: 10))
        let root = ProbeView("root")
        TerminalHost(backend: terminal, root: root, minimumSize: Size(width: 40, height: 10)).renderIfNeeded()
        #expect(root.renderedRects == [Rect(x: 0, y: 0, width: 40, height: 10)])
        #expect(terminal.lines[0].hasPrefix("root"))
    }

    @Test("Changing the minimum size or the root asks for a render")
    func propertyChanges() {
        let terminal = HeadlessTerminal(size: Size(width: 20, height: 5))
        let host = TerminalHost(backend: terminal, root: ProbeView("first"))
        host.renderIfNeeded()
        host.minimumSize = Size(width: 30, height: 5)
        #expect(host.needsDisplay)
        host.renderIfNeeded()
        #expect(terminal.text.contains("Terminal too small"))
        host.minimumSize = Size(width: 1, height: 1)
        host.root = ProbeView("second")
        host.renderIfNeeded()
        #expect(terminal.lines[0] == "second              ")
        #expect(host.renderCount == 3)
    }

    @Test("1×1 and 0×0 terminals never crash")
    func tinyTerminals() {
        let one = HeadlessTerminal(size: Size(width: 1, height: 1))
        let oneHost = TerminalHost(backend: one, root: ProbeView("hello"), minimumSize: Size(width: 10, height: 3))
        oneHost.renderIfNeeded()
        #expect(one.lines == ["T"])
        oneHost.minimumSize = Size(width: 1, height: 1)
        oneHost.renderIfNeeded()
        #expect(one.lines == ["h"])

        let zero = HeadlessTerminal(size: .zero)
        let zeroRoot = ProbeView("hello")
        let zeroHost = TerminalHost(backend: zero, root: zeroRoot)
        zeroHost.renderIfNeeded()
        #expect(zero.lines == [])
        #expect(zeroHost.renderCount == 1)
        #expect(zeroRoot.renderedRects.isEmpty)  // 0×0 is below the 1×1 minimum: nothing drawn
        zeroHost.minimumSize = .zero
        zeroHost.renderIfNeeded()
        #expect(zeroRoot.renderedRects == [.zero])
        #expect(zero.lines == [])
    }

    @Test("Every small size renders a frame of exactly the terminal's size")
    func smallSizesSweep() {
        let terminal = HeadlessTerminal(size: .zero)
        let tabs = TabContainer(tabs: [Screen(title: "Home", content: ProbeView("漢字 wide")), Screen(title: "Other")])
        let host = TerminalHost(backend: terminal, root: tabs, minimumSize: Size(width: 6, height: 3))
        for width in 0...8 {
            for height in 0...4 {
                terminal.resize(to: Size(width: width, height: height))
                host.pumpEvents()
                host.renderIfNeeded()
                let frame = host.composeFrame()
                #expect(frame.size == Size(width: width, height: height))
                #expect(terminal.lines.count == height)
                #expect(terminal.lines.allSatisfy { $0.displayWidth == width })
            }
        }
    }

    @Test("A whole screen hierarchy draws at every small size, down to 0×0, when there is no minimum")
    func hierarchyAtTinySizes() {
        let terminal = HeadlessTerminal(size: .zero)
        let inner = TabContainer(tabs: [Screen(title: "漢字", content: ProbeView("😀 body")), Screen(title: "B")])
        let stack = NavigationStack(root: inner)
        stack.push(TabContainer(tabs: [Screen(title: "Deep", content: ProbeView("deep 漢"))]))
        stack.topMost.addOverlay(ProbeView("overlay"))
        stack.topMost.present(Screen(title: "Sheet", content: ProbeView("sheet")))
        let host = TerminalHost(backend: terminal, root: stack, minimumSize: .zero)
        for width in 0...7 {
            for height in 0...4 {
                terminal.resize(to: Size(width: width, height: height))
                host.pumpEvents()
                host.renderIfNeeded()
                #expect(terminal.lines.count == height)
                #expect(terminal.lines.allSatisfy { $0.displayWidth == width })
            }
        }
        #expect(host.renderCount == 40)
    }

    @Test("onNeedsDisplay fires once per false→true transition")
    func onNeedsDisplay() {
        let terminal = HeadlessTerminal(size: Size(width: 4, height: 1))
        let host = TerminalHost(backend: terminal, root: ProbeView())
        var fired = 0
        host.onNeedsDisplay = { fired += 1 }
        host.setNeedsDisplay()  // already pending: no transition
        #expect(fired == 0)
        host.renderIfNeeded()
        #expect(fired == 0)

        host.send(.key(.enter))
        #expect(fired == 1)
        host.send(.key(.enter))
        host.setNeedsDisplay()
        #expect(fired == 1)
        host.renderIfNeeded()
        host.renderIfNeeded()
        #expect(fired == 1)

        host.setNeedsDisplay()
        #expect(fired == 2)
        host.renderIfNeeded()
        host.root = ProbeView()
        #expect(fired == 3)
        host.renderIfNeeded()
        host.minimumSize = Size(width: 2, height: 1)
        #expect(fired == 4)
        host.minimumSize = Size(width: 3, height: 1)
        #expect(fired == 4)
    }

    @Test("composeFrame draws without presenting")
    func composeFrame() {
        let terminal = HeadlessTerminal(size: Size(width: 5, height: 1))
        let host = TerminalHost(backend: terminal, root: ProbeView("abc"))
        let frame = host.composeFrame()
        #expect(frame.lines == ["abc  "])
        #expect(terminal.presentCount == 0)
        #expect(host.renderCount == 0)
    }
}

/// A component asks the host that drew it, and only that one.
@MainActor
struct HostLinkTests {
    final class Ticker: View {
        var count = 0
        var host = HostLink()
        func render(in rect: Rect, on canvas: inout Canvas) {
            host.note()
            canvas.draw("\(count)", at: rect.origin, clip: rect)
        }
        func tick() {
            count += 1
            host.request(nil)
        }
    }

    @Test func eachComponentAsksTheHostThatDrewItAndNoOther() {
        let first = Ticker()
        let second = Ticker()
        let one = TerminalHost(backend: HeadlessTerminal(size: Size(width: 4, height: 1)), root: first)
        let two = TerminalHost(backend: HeadlessTerminal(size: Size(width: 4, height: 1)), root: second)
        first.tick()  // not drawn yet: it asks no one (its first frame is coming)
        one.renderIfNeeded()
        two.renderIfNeeded()
        #expect(!one.needsDisplay && !two.needsDisplay)
        first.tick()
        #expect(one.needsDisplay, "the host that drew it is asked")
        #expect(!two.needsDisplay, "the other host is not")
        var canvas = Canvas(size: Size(width: 4, height: 1))
        second.render(in: canvas.bounds, on: &canvas)  // drawn by hand: no host noted
        second.tick()
        #expect(two.needsDisplay, "a drawing by hand leaves the host it had")
    }
}
