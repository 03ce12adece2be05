import IndicatorKit
import TestSupport
import Testing

@testable import Widgets

@MainActor
@Suite("NavigationStack")
struct NavigationStackTests {
    @Test("A stack starts with its root and takes its title")
    func initial() {
        let root = Screen(title: "Root")
        let stack = NavigationStack(root: root)
        #expect(stack.screens.count == 1)
        #expect(stack.screens[0] === root)
        #expect(stack.title == "Root")
        #expect(stack.visibleChild === root)
    }

    @Test("push and pop; the root is never popped")
    func pushPop() {
        let root = Screen(title: "Root")
        let a = Screen(title: "A")
        let b = Screen(title: "B")
        let stack = NavigationStack(root: root)
        stack.push(a)
        stack.push(b)
        #expect(stack.screens.map(\.title) == ["Root", "A", "B"])
        #expect(stack.pop() === b)
        #expect(stack.pop() === a)
        #expect(stack.pop() == nil)
        #expect(stack.screens.count == 1)
        #expect(stack.visibleChild === root)
    }

    @Test("Escape pops when the top screen does not use it")
    func escapePops() {
        let stack = NavigationStack(root: Screen(title: "Root"))
        let detailContent = ProbeView("detail")
        stack.push(Screen(title: "Detail", content: detailContent))
        #expect(stack.handle(.key(.escape)) == .handled)
        #expect(stack.screens.count == 1)
        #expect(detailContent.received == [.key(.escape)])  // the top screen saw it first
    }

    @Test("Backspace pops too")
    func backspacePops() {
        let stack = NavigationStack(root: Screen(title: "Root"))
        stack.push(Screen(title: "A"))
        stack.push(Screen(title: "B"))
        #expect(stack.handle(.key(.backspace)) == .handled)
        #expect(stack.screens.map(\.title) == ["Root", "A"])
    }

    @Test("Escape at the root is ignored")
    func escapeAtRoot() {
        let rootContent = ProbeView("root")
        let stack = NavigationStack(root: Screen(title: "Root", content: rootContent))
        #expect(stack.handle(.key(.escape)) == .ignored)
        #expect(stack.screens.count == 1)
        #expect(rootContent.received == [.key(.escape)])
    }

    @Test("A top screen that uses Escape keeps the stack")
    func topUsesEscape() {
        let stack = NavigationStack(root: Screen(title: "Root"))
        let editor = ProbeView("editor") { $0 == .key(.escape) }
        stack.push(Screen(title: "Editor", content: editor))
        #expect(stack.handle(.key(.escape)) == .handled)
        #expect(stack.screens.count == 2)
    }

    @Test("Escape first dismisses a screen presented over the top screen, then pops")
    func escapeDismissesBeforePop() {
        let stack = NavigationStack(root: Screen(title: "Root"))
        let detail = Screen(title: "Detail")
        stack.push(detail)
        detail.present(Screen(title: "Sheet"))
        #expect(stack.handle(.key(.escape)) == .handled)
        #expect(detail.presented == nil)
        #expect(stack.screens.count == 2)
        #expect(stack.handle(.key(.escape)) == .handled)
        #expect(stack.screens.count == 1)
    }

    @Test("Other keys go to the top screen only")
    func otherKeys() {
        let rootContent = ProbeView("root")
        let topContent = ProbeView("top") { $0 == .key(.enter) }
        let stack = NavigationStack(root: Screen(title: "Root", content: rootContent))
        stack.push(Screen(title: "Top", content: topContent))
        #expect(stack.handle(.key(.enter)) == .handled)
        #expect(stack.handle(.key(.character("x"))) == .ignored)
        #expect(topContent.received == [.key(.enter), .key(.character("x"))])
        #expect(rootContent.received.isEmpty)
        #expect(stack.screens.count == 2)
    }

    @Test("The root alone fills the rect; deeper screens get a path header")
    func render() {
        let rootContent = ProbeView("root body")
        let detailContent = ProbeView("detail body")
        let stack = NavigationStack(root: Screen(title: "Root", content: rootContent))
        var canvas = Canvas(size: Size(width: 22, height: 3))
        stack.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["root body             ", "                      ", "                      "])

        stack.push(Screen(title: "Detail", content: detailContent))
        canvas = Canvas(size: Size(width: 22, height: 3))
        stack.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["‹ Root › Detail       ", "detail body           ", "                      "])
        #expect(canvas[0, 0].style.attributes == .reverse)
        #expect(canvas[21, 0].style.attributes == .reverse)
        #expect(canvas[0, 1].style == .plain)
        #expect(detailContent.renderedRects == [Rect(x: 0, y: 1, width: 22, height: 2)])
    }

    @Test("The path header is sanitized and clipped to the rect")
    func headerClipped() {
        let stack = NavigationStack(root: Screen(title: "Root"))
        stack.push(Screen(title: "Very\u{1B}long title here"))
        var canvas = Canvas(size: Size(width: 14, height: 2))
        stack.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[0] == "‹ Root › Very\u{FFFD}")
    }
}
