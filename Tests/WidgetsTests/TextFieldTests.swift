import TUIPilot
import TestSupport
import Testing
import Widgets

/// Typing a line: readline's keys on the value, the field on a headless terminal.
@MainActor
struct TextFieldTests {
    @Test func readlineKeysEditTheLine() {
        var input = TextInput("hello big world")
        #expect(input.position == 15)
        _ = input.handle(.control("w"))
        #expect(input.text == "hello big " && input.position == 10)
        _ = input.handle(.modified(.character("b"), .alt))
        #expect(input.position == 6, "back a word: to the start of big")
        _ = input.handle(.control("k"))
        #expect(input.text == "hello ")
        _ = input.handle(.control("a"))
        _ = input.handle(.delete)
        #expect(input.text == "ello " && input.position == 0)
        _ = input.handle(.modified(.character("f"), .alt))
        #expect(input.position == 4)
        _ = input.handle(.control("u"))
        #expect(input.text == " " && input.position == 0)
        let used = input.handle(.function(5))
        #expect(!used, "a key it does not use")
    }

    @Test func aLimitCutsTypingAndPastingAndLineBreaksBecomeSpaces() {
        var input = TextInput(limit: 8)
        input.insert("ab\ncd\u{1B}[2Jef")
        #expect(input.text == "ab cd[2J", "control characters dropped, the break a space, cut at 8")
        _ = input.handle(.character("x"))
        #expect(input.text.count == 8)
    }

    @Test func aTextToStartWithIsTakenAsTypingTakesIt() {
        // Tabs and line breaks as spaces, ESC and C1 left out: as typed or pasted, in a field
        // and in an area alike (a tab became a space and ESC U+FFFD here, ESC left out there).
        let given = "a\tb\u{1B}[31mc\nd\u{9B}e"
        var typed = TextInput()
        typed.insert(given)
        #expect(TextInput(given).text == "a b[31mc de")
        #expect(TextInput(given) == typed)
        #expect(TextArea(given).text == "a b[31mc\nde")
        #expect(TextInput(given, limit: 3).text == "a b")
    }

    @Test func aBurstOfKeysAndAPasteAllArriveInOrder() {
        let field = TextField(placeholder: "Name")
        var changes = 0
        field.onChange = { _ in changes += 1 }
        var submitted: [String] = []
        field.onSubmit = { submitted.append($0) }
        let pilot = Pilot(field, size: Size(width: 20, height: 1))
        #expect(pilot.trimmedLines == ["Name"] && pilot.terminal.cursor == Point(x: 0, y: 0))
        pilot.type(String(repeating: "abc", count: 40))  // 120 keys at once
        pilot.paste("\nxyz")
        #expect(field.text == String(repeating: "abc", count: 40) + " xyz")
        #expect(changes == 121)
        pilot.press(.enter)
        #expect(submitted == [field.text])
    }

    @Test func aLongLineScrollsToKeepTheCursorInViewWhereTheTerminalShowsIt() {
        let field = TextField("0123456789abcdef")
        field.prompt = "> "
        let pilot = Pilot(field, size: Size(width: 10, height: 1))
        #expect(pilot.lines == ["> 9abcdef "], "the end in view, a cell left for the cursor")
        #expect(pilot.terminal.cursor == Point(x: 9, y: 0), "after the last character")
        pilot.press(.home)
        #expect(pilot.lines == ["> 01234567"] && pilot.terminal.cursor == Point(x: 2, y: 0))
        pilot.press(.right, .right)
        #expect(pilot.terminal.cursor == Point(x: 4, y: 0))
    }

    @Test func marksThatTakeNoCellAreReadOnlyAsFarAsTheFieldShows() {
        // Ten thousand accents typed one by one take no cell: a frame reads a few times the
        // field's width of characters before the insertion point, not all of them (each key
        // read the whole text again, so typing them was quadratic).
        let field = TextField("e")
        let pilot = Pilot(field, size: Size(width: 10, height: 1))
        for _ in 0..<1_000 { _ = field.handle(.key(.character("\u{301}"))) }
        pilot.press(.end)
        #expect(field.input.position == 1_001)
        #expect(field.scroll >= 1_001 - (4 * 10 + 16), "scrolled to within reach: \(field.scroll)")
        pilot.press(.character("z"))
        #expect(pilot.lines == ["z         "] && pilot.terminal.cursor == Point(x: 1, y: 0), "the marks before it show nothing alone: \(pilot.lines)")
    }

    @Test func aPasswordIsMaskedOrHiddenAndAnUnfocusedFieldShowsNoCursor() {
        let field = TextField("secret")
        field.echo = .masked("•")
        let pilot = Pilot(field, size: Size(width: 10, height: 1))
        #expect(pilot.trimmedLines == ["••••••"])
        field.echo = .hidden
        pilot.press(.character("!"))
        #expect(pilot.trimmedLines == [""] && pilot.terminal.cursor == Point(x: 0, y: 0))
        #expect(field.text == "secret!")
        field.isFocused = false
        pilot.press(.character("?"))
        #expect(field.text == "secret!" && pilot.terminal.cursor == nil)
    }
}
