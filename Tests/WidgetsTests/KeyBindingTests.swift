import TestSupport
import Testing
import Widgets

/// Key bindings and the help made from them.
@MainActor
struct KeyBindingTests {
    let up = KeyBinding(.up, .character("k"), action: "up")
    let down = KeyBinding(.down, .character("j"), action: "down")
    let quit = KeyBinding(.character("q"), .escape, action: "quit")

    @Test func aBindingMatchesItsKeysOnlyWhileEnabled() {
        #expect(up.matches(.key(.up)) && up.matches(.key(.character("k"))))
        #expect(!up.matches(.key(.down)) && !up.matches(.paste("k")))
        var off = up
        off.isEnabled = false
        #expect(!off.matches(.key(.up)))
        #expect(up.label == "↑/k" && quit.label == "q/esc")
    }

    @Test func theHelpLineSaysEveryEnabledBindingAndIsCutAtAWholeEntry() {
        var help = HelpView([up, down, quit])
        #expect(help.line(width: 80) == "↑/k up • ↓/j down • q/esc quit")
        #expect(help.line(width: 24) == "↑/k up • ↓/j down …", "cut before the entry that does not fit")
        #expect(help.line(width: 3) == "…")
        help = HelpView([up, KeyBinding(.down, action: "down", isEnabled: false), quit])
        #expect(help.line(width: 80) == "↑/k up • q/esc quit", "a disabled binding is left out")
        let canvas = rendered(help, size: Size(width: 30, height: 1))
        #expect(canvas.lines == ["↑/k up • q/esc quit           "])
        #expect(canvas[0, 0].style.attributes.contains(.bold) && canvas[4, 0].style.attributes.contains(.dim))
    }

    @Test func theFullHelpListsEveryBindingInColumns() {
        let help = HelpView([up, down, quit] + (1...3).map { KeyBinding(.function($0), action: "tab \($0)") })
        help.showsAll = true
        #expect(help.height(forWidth: 80) == 4)
        let canvas = rendered(help, size: Size(width: 40, height: 4))
        #expect(
            canvas.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } == [
                "↑/k   up       f2 tab 2",
                "↓/j   down     f3 tab 3",
                "q/esc quit",
                "f1    tab 1",
            ]
        )
    }
}
