import TestSupport
import Testing
import Widgets

/// Lines typed: new lines, joins, moves that keep the column, a view that follows the cursor.
@MainActor
struct TextAreaTests {
    @Test func linesAreBrokenJoinedAndMovedThroughKeepingTheColumn() {
        let area = TextArea("hello", rows: 2)
        _ = area.handle(.key(.left))
        _ = area.handle(.key(.left))
        _ = area.handle(.key(.modified(.enter, .alt)))  // alt-enter breaks the line where typing is
        #expect(area.lines.map(\.text) == ["hel", "lo"] && area.line == 1 && area.lines[1].position == 0)
        _ = area.handle(.key(.backspace))  // at a line's start: joined to the one above
        #expect(area.text == "hello" && area.lines[0].position == 3)
        _ = area.handle(.paste("p\nabc\nxy"))
        #expect(area.lines.map(\.text) == ["help", "abc", "xylo"] && area.line == 2 && area.lines[2].position == 2)
        _ = area.handle(.key(.up))
        #expect(area.line == 1 && area.lines[1].position == 2, "the same column")
        _ = area.handle(.key(.end))
        _ = area.handle(.key(.delete))  // at a line's end: the one below joined
        #expect(area.lines.map(\.text) == ["help", "abcxylo"])
        #expect(area.handle(.key(.enter)) == .ignored, "Enter is left to the view that holds it")
    }

    /// bubbles' textarea options: line numbers in a column on the left, the cursor's line in a style.
    @Test func lineNumbersAndTheCursorLine() {
        let area = TextArea((1...12).map { "line \($0)" }.joined(separator: "\n"), rows: 3)
        area.showsLineNumbers = true
        area.cursorLineStyle = Style(background: .brightBlack)
        let canvas = rendered(area, size: Size(width: 12, height: 3))
        #expect(canvas.lines == ["10 line 10  ", "11 line 11  ", "12 line 12  "], "numbers as wide as the last one's, the view on the cursor")
        #expect(canvas[0, 2].style == Theme.current.muted && canvas[5, 2].style.background == .brightBlack && canvas[11, 2].style.background == .brightBlack)
        #expect(canvas[5, 1].style.background == .default, "the other lines as they are")
        #expect(canvas.cursor == Point(x: 10, y: 2), "the cursor after the gutter")
        _ = area.handle(.key(.control("j")))
        #expect(area.lines.count == 13 && area.line == 12, "Ctrl-J breaks the line, as Alt-Enter")
        area.isFocused = false
        #expect(rendered(area, size: Size(width: 12, height: 3))[5, 2].style.background == .default, "no cursor line without the focus")
    }

    @Test func aPasteOfLinesGoesInWhereTypingGoesTheRestOfTheLineAfterIt() {
        let area = TextArea("abcd\nlast")
        _ = area.handle(.key(.up))
        _ = area.handle(.key(.home))
        _ = area.handle(.key(.right))
        _ = area.handle(.key(.right))
        _ = area.handle(.paste("1\n2\n3"))
        #expect(area.text == "ab1\n2\n3cd\nlast")
        #expect(area.line == 2 && area.lines[2].position == 1, "typing goes on after the 3")
        // Within a limit: what fits, line breaks counted; the rest of the line still after it.
        let limited = TextArea("xy", limit: 6)
        _ = limited.handle(.key(.left))
        _ = limited.handle(.paste("1\n2\n3\n4"))
        #expect(limited.text == "x1\n2\ny" && limited.line == 2 && limited.lines[2].position == 0, "the third line broken, its 3 not taken")
        // 20 000 lines pasted above 20 000: each where it belongs.
        let long = TextArea((1...20_000).map { "old \($0)" }.joined(separator: "\n"))
        for _ in 0..<20_000 { _ = long.handle(.key(.up)) }
        _ = long.handle(.key(.home))
        _ = long.handle(.paste((1...20_000).map { "new \($0)" }.joined(separator: "\n") + "\n"))
        #expect(long.lines.count == 40_001 - 1 && long.line == 20_000)
        #expect(long.lines[0].text == "new 1" && long.lines[19_999].text == "new 20000" && long.lines[20_000].text == "old 1")
    }

    @Test func aLongLineShowsItsEndAroundTheInsertionPointReadingOnlyWhatShows() {
        let digits = String(repeating: "0123456789", count: 10_000)
        let area = TextArea(digits + "\nnext")
        let pilot = Pilot(area, size: Size(width: 20, height: 2))
        pilot.press(.up, .end)
        #expect(pilot.lines == ["1234567890123456789 ", "next                "], "the end in view, a cell left for the cursor")
        #expect(pilot.terminal.cursor == Point(x: 19, y: 0))
        pilot.press(.left, .left, .left)
        #expect(pilot.lines[0] == "89012345678901234567" && pilot.terminal.cursor == Point(x: 19, y: 0), "the insertion point kept at the right edge")
    }

    @Test func theRowsInViewFollowTheCursorAndALimitCountsLineBreaks() {
        let area = TextArea(rows: 2, limit: 7)
        area.insert("one\ntwo\nthree")
        #expect(area.text == "one\ntwo", "7 characters, line breaks counted")
        let canvas = rendered(area, size: Size(width: 10, height: 2))
        #expect(canvas.lines == ["one       ", "two       "] && canvas.cursor == Point(x: 3, y: 1))
        let tall = TextArea("a\nb\nc\nd", rows: 2)
        let shown = rendered(tall, size: Size(width: 4, height: 2))
        #expect(shown.lines == ["c   ", "d   "], "scrolled to the last line, where typing goes")
        let empty = rendered(TextArea(placeholder: "notes…"), size: Size(width: 8, height: 1))
        #expect(empty.lines == ["notes…  "] && empty[0, 0].style.attributes.contains(.dim))
    }
}
