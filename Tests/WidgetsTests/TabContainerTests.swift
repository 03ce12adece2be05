import IndicatorKit
import TestSupport
import Testing

@testable import Widgets

@MainActor
@Suite("TabContainer")
struct TabContainerTests {
    private func makeTabs(selected: Int = 0) -> (TabContainer, ProbeView, ProbeView, ProbeView) {
        let home = ProbeView("home body")
        let settings = ProbeView("settings body")
        let about = ProbeView("about body")
        let tabs = TabContainer(
            title: "Main",
            tabs: [
                Screen(title: "Home", content: home),
                Screen(title: "Settings", content: settings),
                Screen(title: "About", content: about),
            ],
            selectedIndex: selected
        )
        return (tabs, home, settings, about)
    }

    private func render(_ view: any View, width: Int, height: Int) -> Canvas { rendered(view, size: Size(width: width, height: height)) }

    @Test("The initial selection is clamped to the tabs")
    func initialSelection() {
        let a = Screen(title: "a")
        let b = Screen(title: "b")
        #expect(TabContainer(tabs: [a, b]).selectedIndex == 0)
        #expect(TabContainer(tabs: [a, b], selectedIndex: 1).selectedIndex == 1)
        #expect(TabContainer(tabs: [a, b], selectedIndex: 7).selectedIndex == 1)
        #expect(TabContainer(tabs: [a, b], selectedIndex: -3).selectedIndex == 0)
        let empty = TabContainer(tabs: [], selectedIndex: 4)
        #expect(empty.selectedIndex == 0)
        #expect(empty.visibleChild == nil)
    }

    @Test("select ignores indices out of range")
    func selectOutOfRange() {
        let (tabs, _, _, _) = makeTabs()
        tabs.select(2)
        #expect(tabs.selectedIndex == 2)
        tabs.select(3)
        #expect(tabs.selectedIndex == 2)
        tabs.select(-1)
        #expect(tabs.selectedIndex == 2)
    }

    @Test("Tab moves to the next tab and wraps")
    func tabKey() {
        let (tabs, _, _, _) = makeTabs()
        #expect(tabs.handle(.key(.tab)) == .handled)
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.handle(.key(.tab)) == .handled)
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.handle(.key(.tab)) == .handled)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("Shift-Tab moves to the previous tab and wraps")
    func backTabKey() {
        let (tabs, _, _, _) = makeTabs()
        #expect(tabs.handle(.key(.backTab)) == .handled)
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.handle(.key(.backTab)) == .handled)
        #expect(tabs.selectedIndex == 1)
    }

    @Test("Digits 1…n select a tab; other digits are ignored")
    func digits() {
        let (tabs, _, _, _) = makeTabs()
        #expect(tabs.handle(.key(.character("3"))) == .handled)
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.handle(.key(.character("1"))) == .handled)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.handle(.key(.character("4"))) == .ignored)
        #expect(tabs.handle(.key(.character("0"))) == .ignored)
        #expect(tabs.handle(.key(.character("a"))) == .ignored)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("The selected tab sees keys first; when it uses them the tabs do not switch")
    func childFirst() {
        let greedy = ProbeView("greedy") { event in event == .key(.tab) || event == .key(.character("2")) }
        let other = ProbeView("other")
        let tabs = TabContainer(tabs: [Screen(title: "A", content: greedy), Screen(title: "B", content: other)])
        #expect(tabs.handle(.key(.tab)) == .handled)
        #expect(tabs.handle(.key(.character("2"))) == .handled)
        #expect(tabs.selectedIndex == 0)
        #expect(greedy.received == [.key(.tab), .key(.character("2"))])
        #expect(tabs.handle(.key(.backTab)) == .handled)
        #expect(tabs.selectedIndex == 1)
        #expect(other.received.isEmpty)
        #expect(tabs.handle(.key(.enter)) == .ignored)
        #expect(other.received == [.key(.enter)])  // only the selected tab gets input
        #expect(greedy.received.count == 3)
    }

    @Test("Tab keys with no tabs do nothing harmful")
    func emptyTabs() {
        let tabs = TabContainer(tabs: [])
        #expect(tabs.handle(.key(.tab)) == .handled)
        #expect(tabs.handle(.key(.backTab)) == .handled)
        #expect(tabs.handle(.key(.character("1"))) == .ignored)
        #expect(tabs.selectedIndex == 0)
        let canvas = render(tabs, width: 6, height: 2)
        #expect(canvas.lines == ["      ", "      "])
    }

    @Test("The tab bar shows numbered titles, the selected one highlighted, and the selected tab below")
    func renderBar() {
        let (tabs, home, settings, _) = makeTabs()
        let canvas = render(tabs, width: 34, height: 3)
        #expect(
            canvas.lines == [
                " 1 Home   2 Settings   3 About    ",
                "home body                         ",
                "                                  ",
            ]
        )
        let selected = Style(foreground: .rgb(0, 0, 0), background: .rgb(255, 255, 255), attributes: [.bold, .underline])
        let bar = Style(foreground: .brightWhite, background: .blue)
        #expect(canvas[0, 0].style == selected)
        #expect(canvas[7, 0].style == selected)
        #expect(canvas[8, 0].style == bar)  // the gap
        #expect(canvas[9, 0].style == bar)
        #expect(canvas[33, 0].style == bar)  // the rest of the bar
        #expect(home.renderedRects == [Rect(x: 0, y: 1, width: 34, height: 2)])
        #expect(settings.renderedRects.isEmpty)
    }

    @Test("Tab titles are sanitized")
    func sanitizedTitles() {
        let tabs = TabContainer(tabs: [Screen(title: "a\u{1B}b")])
        let canvas = render(tabs, width: 8, height: 1)
        #expect(canvas.lines == [" 1 a\u{FFFD}b  "])
    }

    @Test("A click on a tab title selects that tab")
    func mouseClick() {
        let (tabs, _, settings, about) = makeTabs()
        _ = render(tabs, width: 34, height: 3)
        // " 1 Home " is 0..<8, " 2 Settings " 9..<21, " 3 About " 22..<31.
        #expect(tabs.handle(.mouse(MouseEvent(.press, at: Point(x: 9, y: 0)))) == .handled)
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.handle(.mouse(MouseEvent(.press, at: Point(x: 30, y: 0)))) == .handled)
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.handle(.mouse(MouseEvent(.press, at: Point(x: 7, y: 0)))) == .handled)
        #expect(tabs.selectedIndex == 0)
        #expect(settings.received.isEmpty)
        #expect(about.received.isEmpty)
    }

    @Test("Clicks off the titles, other rows and other actions do not switch tabs")
    func mouseMisses() {
        let (tabs, home, _, _) = makeTabs()
        _ = render(tabs, width: 34, height: 3)
        let gap = InputEvent.mouse(MouseEvent(.press, at: Point(x: 8, y: 0)))
        let pastTitles = InputEvent.mouse(MouseEvent(.press, at: Point(x: 32, y: 0)))
        let body = InputEvent.mouse(MouseEvent(.press, at: Point(x: 10, y: 1)))
        let release = InputEvent.mouse(MouseEvent(.release, at: Point(x: 10, y: 0)))
        let wheel = InputEvent.mouse(MouseEvent(.wheelUp, button: .none, at: Point(x: 10, y: 0)))
        for event in [gap, pastTitles, body, release, wheel] {
            #expect(tabs.handle(event) == .ignored)
        }
        #expect(tabs.selectedIndex == 0)
        #expect(home.received == [gap, pastTitles, body, release, wheel])  // passed on to the selected tab
    }

    @Test("Clicks use the bar's row where the container was last drawn")
    func mouseOffsetBar() {
        let (tabs, _, _, _) = makeTabs()
        var canvas = Canvas(size: Size(width: 34, height: 6))
        tabs.render(in: Rect(x: 2, y: 3, width: 32, height: 3), on: &canvas)
        #expect(canvas.lines[3] == "   1 Home   2 Settings   3 About  ")
        #expect(tabs.handle(.mouse(MouseEvent(.press, at: Point(x: 12, y: 0)))) == .ignored)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.handle(.mouse(MouseEvent(.press, at: Point(x: 12, y: 3)))) == .handled)
        #expect(tabs.selectedIndex == 1)
    }

    @Test("After switching, the new tab renders")
    func renderAfterSwitch() {
        let (tabs, _, _, _) = makeTabs()
        #expect(tabs.handle(.key(.character("2"))) == .handled)
        let canvas = render(tabs, width: 34, height: 2)
        #expect(canvas.lines[1] == "settings body                     ")
        #expect(canvas[9, 0].style.attributes == [.bold, .underline])
        #expect(canvas[0, 0].style.attributes == [])
        #expect(canvas[1, 0].style == TabContainer.numberStyle, "another tab's number is drawn as the key it is")
        #expect(canvas[3, 0].style.foreground == .brightWhite, "its title in the bar's colours")
    }

    @Test("Every tab keeps a place on a narrow bar: the others lose their spaces, then show their number, never a title cut mid-word")
    func narrowBarsShortenTheOtherTitles() {
        let titles = ["Terminal", "Refresh", "Loading page", "Requests", "Picker", "Spinners", "GIF"]
        #expect(
            TabContainer.labels(for: titles, selected: 0, width: 200).joined(separator: " ")
                == " 1 Terminal   2 Refresh   3 Loading page   4 Requests   5 Picker   6 Spinners   7 GIF "
        )
        let at80 = TabContainer.labels(for: titles, selected: 3, width: 80)
        #expect(at80.reduce(0) { $0 + $1.displayWidth + 1 } - 1 <= 80)
        #expect(at80 == ["1 Terminal", "2 Refresh", "3 Loading page", " 4 Requests ", "5 Picker", "6 Spinners", "7 GIF"], "tighter first")
        let at60 = TabContainer.labels(for: titles, selected: 3, width: 60)
        #expect(at60 == [" 1 ", " 2 ", " 3 ", " 4 Requests ", " 5 ", " 6 ", " 7 "], "then numbers alone")
        #expect(!at80.joined().contains("…") && !at60.joined().contains("…"))
        let showcase = ["Home", "Refresh", "Loading", "Requests", "Picker", "Spinners", "GIF", "Terminal"]
        #expect(
            TabContainer.labels(for: showcase, selected: 0, width: 80).joined(separator: " ")
                == " 1 Home  2 Refresh 3 Loading 4 Requests 5 Picker 6 Spinners 7 GIF 8 Terminal",
            "the showcase's titles fit 80 columns whole"
        )
        let tiny = TabContainer.labels(for: titles, selected: 1, width: 40)
        #expect(tiny == [" 1 ", " 2 Refresh ", " 3 ", " 4 ", " 5 ", " 6 ", " 7 "])
    }
}
