import IndicatorKit
import TestSupport
import Testing

@testable import ViewCore

/// Top-most screen resolution (behaviour B1.4): the screen the user sees, through presented
/// screens, navigation stacks and tab containers, which is where overlays belong.
@MainActor
@Suite("Screen hierarchy: top-most resolution (B1.4)")
struct ScreenHierarchyTests {
    // B1.4
    @Test("B1.4: a plain screen is its own top-most screen")
    func plainScreen() {
        let screen = Screen(title: "Plain")
        #expect(screen.topMost === screen)
        #expect(screen.visibleChild == nil)
    }

    // B1.4
    @Test("B1.4: a navigation stack resolves to its top screen")
    func navigationStack() {
        let root = Screen(title: "Root")
        let stack = NavigationStack(root: root)
        #expect(stack.topMost === root)
        let detail = Screen(title: "Detail")
        stack.push(detail)
        #expect(stack.topMost === detail)
        let deeper = Screen(title: "Deeper")
        stack.push(deeper)
        #expect(stack.topMost === deeper)
        stack.pop()
        #expect(stack.topMost === detail)
        stack.pop()
        #expect(stack.topMost === root)
    }

    // B1.4
    @Test("B1.4: a tab container resolves to its selected tab's screen")
    func tabContainer() {
        let home = Screen(title: "Home")
        let settings = Screen(title: "Settings")
        let about = Screen(title: "About")
        let tabs = TabContainer(tabs: [home, settings, about])
        #expect(tabs.topMost === home)
        tabs.select(2)
        #expect(tabs.topMost === about)
        tabs.select(1)
        #expect(tabs.topMost === settings)
        let preselected = TabContainer(tabs: [home, settings], selectedIndex: 1)
        #expect(preselected.topMost === settings)
    }

    // B1.4
    @Test("B1.4: a tab container with no tabs resolves to itself")
    func emptyTabContainer() {
        let tabs = TabContainer(tabs: [])
        #expect(tabs.topMost === tabs)
    }

    // B1.4
    @Test("B1.4: a presented screen is top-most, and dismissing it goes back")
    func presented() {
        let base = Screen(title: "Base")
        let sheet = Screen(title: "Sheet")
        base.present(sheet)
        #expect(base.topMost === sheet)
        #expect(sheet.presenter === base)
        let sheetOnSheet = Screen(title: "Second sheet")
        sheet.present(sheetOnSheet)
        #expect(base.topMost === sheetOnSheet)
        sheet.dismissPresented()
        #expect(base.topMost === sheet)
        base.dismissPresented()
        #expect(base.topMost === base)
    }

    // B1.4
    @Test("B1.4: a screen presented over a tab inside a stack is found recursively")
    func presentedOverTabInStack() {
        let feed = Screen(title: "Feed")
        let profile = Screen(title: "Profile")
        let tabs = TabContainer(title: "Main", tabs: [feed, profile], selectedIndex: 1)
        let stack = NavigationStack(root: tabs)
        #expect(stack.topMost === profile)
        let editor = Screen(title: "Editor")
        profile.present(editor)
        #expect(stack.topMost === editor)
        let picker = Screen(title: "Picker")
        editor.present(picker)
        #expect(stack.topMost === picker)
        // Selecting the other tab shows that tab; the presentation stays with its screen.
        tabs.select(0)
        #expect(stack.topMost === feed)
        tabs.select(1)
        #expect(stack.topMost === picker)
    }

    // B1.4
    @Test("B1.4: a screen presented over a container wins over the container's visible child")
    func presentedOverContainer() {
        let a = Screen(title: "A")
        let b = Screen(title: "B")
        let tabs = TabContainer(tabs: [a, b])
        let stack = NavigationStack(root: tabs)
        let alert = Screen(title: "Alert")
        stack.present(alert)
        #expect(stack.topMost === alert)
        let alertTabs = TabContainer(tabs: [Screen(title: "x"), Screen(title: "y")], selectedIndex: 1)
        tabs.present(alertTabs)
        #expect(tabs.topMost === alertTabs.tabs[1])
        #expect(stack.topMost === alert)
        stack.dismissPresented()
        #expect(stack.topMost === alertTabs.tabs[1])
    }

    // B1.4
    @Test("B1.4: nested tab containers in a stack resolve to the inner selected tab")
    func nestedTabsInStack() {
        let inbox = Screen(title: "Inbox")
        let sent = Screen(title: "Sent")
        let inner = TabContainer(title: "Mail", tabs: [inbox, sent])
        let calendar = Screen(title: "Calendar")
        let outer = TabContainer(title: "Apps", tabs: [inner, calendar])
        let stack = NavigationStack(root: outer)
        #expect(stack.topMost === inbox)
        inner.select(1)
        #expect(stack.topMost === sent)
        outer.select(1)
        #expect(stack.topMost === calendar)
        outer.select(0)
        let message = Screen(title: "Message")
        stack.push(message)
        #expect(stack.topMost === message)
        stack.pop()
        #expect(stack.topMost === sent)
    }

    // B1.4
    @Test("B1.4: a stack inside a tab inside a stack resolves to the inner stack's top")
    func stackInTabInStack() {
        let list = Screen(title: "List")
        let item = Screen(title: "Item")
        let innerStack = NavigationStack(root: list)
        let tabs = TabContainer(tabs: [Screen(title: "Other"), innerStack], selectedIndex: 1)
        let outerStack = NavigationStack(root: tabs)
        #expect(outerStack.topMost === list)
        innerStack.push(item)
        #expect(outerStack.topMost === item)
    }

    // B1.4
    @Test("B1.4: an overlay added through topMost lands on the selected tab's visible screen")
    func overlayOnTopMost() {
        let home = Screen(title: "Home", content: ProbeView("home"))
        let settings = Screen(title: "Settings", content: ProbeView("settings"))
        let tabs = TabContainer(tabs: [home, settings])
        let loading = ProbeView("Loading…")
        tabs.select(1)
        tabs.topMost.addOverlay(loading)
        #expect(settings.hasOverlay(loading))
        #expect(!home.hasOverlay(loading))
        #expect(!tabs.hasOverlay(loading))

        var canvas = Canvas(size: Size(width: 24, height: 3))
        tabs.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[1] == "Loading…                ")
        tabs.select(0)
        canvas = Canvas(size: Size(width: 24, height: 3))
        tabs.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[1] == "home                    ")
    }
}
