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
