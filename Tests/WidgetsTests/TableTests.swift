import TestSupport
import Testing
import Widgets

/// A table as a person sees it: whole screens.
@MainActor
struct TableTests {
    let cities = [
        ["Tokyo", "Japan", "37,274,000"], ["Delhi", "India", "32,065,760"], ["Shanghai", "China", "28,516,904"],
        ["Dhaka", "Bangladesh", "22,478,116"], ["São Paulo", "Brazil", "22,429,800"], ["東京都", "日本", "14,000,000"],
    ]

    func table() -> Table {
        Table(columns: [.init("City"), .init("Country"), .init("Population", alignment: .right)], rows: cities, selects: true)
    }

    @Test func aTableSelectsNothingUnlessAsked() {
        let plain = Table(columns: [.init("City")], rows: [["Tokyo"], ["Delhi"]])
        #expect(plain.selectedRow == nil)
        let canvas = rendered(plain, size: Size(width: 10, height: 3))
        #expect((0..<10).allSatisfy { !canvas[$0, 1].style.attributes.contains(.reverse) }, "no row reversed")
        #expect(plain.handle(.key(.down)) == .ignored, "no selection for the keys to move")
    }

    @Test func columnsTakeTheirWidestCellAHeaderAndTheSelectedRowReversed() {
        let canvas = rendered(table(), size: Size(width: 34, height: 6))
        #expect(
            canvas.lines == [
                "City       Country     Population ",
                "──────────────────────────────────",
                "Tokyo      Japan       37,274,000 ",
                "Delhi      India       32,065,760 ",
                "Shanghai   China       28,516,904 ",
                "Dhaka      Bangladesh  22,478,116 ",
            ],
            "\(canvas.lines)"
        )
        #expect(
            canvas[0, 0].style.attributes.contains(.bold) && canvas[0, 2].style.attributes.contains(.reverse)
                && canvas[33, 2].style.attributes.contains(.reverse)
        )
        #expect(!canvas[0, 3].style.attributes.contains(.reverse))
    }

    @Test func theSelectionMovesAndScrollsAndWideCharactersAreMeasuredByTheirCells() {
        let cities = table()
        _ = rendered(cities, size: Size(width: 34, height: 6))
        for _ in 0..<5 { _ = cities.handle(.key(.down)) }
        let canvas = rendered(cities, size: Size(width: 34, height: 6))
        #expect(cities.selectedRow == 5 && cities.offset == 2)
        #expect(canvas.lines[5] == "東京都     日本        14,000,000 ", "\(canvas.lines)")
        var activated: Int?
        cities.onActivate = { activated = $0 }
        _ = cities.handle(.key(.enter))
        #expect(activated == 5)
        _ = cities.handle(.key(.home))
        #expect(cities.selectedRow == 0)
    }

    @Test func aNarrowTableCutsItsWidestColumnsAndFillColumnsShareTheRest() {
        let narrow = table()
        narrow.select(4)
        let cut = rendered(narrow, size: Size(width: 28, height: 3))
        #expect(
            cut.lines == ["City     Country  Population", "────────────────────────────", "São Pa…  Brazil   22,429,800"],
            "the widest give way first, down to their header, and are cut with …: \(cut.lines)"
        )
        let wide = Table(columns: [.init("Key", width: .fixed(5)), .init("Value", width: .fill)], rows: [["a", "one"]], selects: false)
        #expect(wide.columnWidths(in: 30) == [5, 23])
        #expect(rendered(wide, size: Size(width: 30, height: 3)).lines[2] == "a      one" + String(repeating: " ", count: 20))
    }
}

/// Borders, padding and views side by side: lipgloss's blocks.
@MainActor
struct LayoutTests {
    final class Fill: View {
        let character: Character
        init(character: Character) { self.character = character }
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.fill(rect, with: Cell(character)) }
        func handle(_ event: InputEvent) -> EventResult { .ignored }
    }

    @Test func aBoxDrawsItsBorderTitleAndPaddingRoundItsContent() {
        let box = Box(Fill(character: "x"), title: "Hi", padding: EdgeInsets(vertical: 0, horizontal: 1))
        #expect(rendered(box, size: Size(width: 8, height: 4)).lines == ["╭ Hi ──╮", "│ xxxx │", "│ xxxx │", "╰──────╯"])
        box.lines = .double
        box.title = nil
        #expect(rendered(box, size: Size(width: 5, height: 3)).lines == ["╔═══╗", "║ x ║", "╚═══╝"])
    }

    @Test func aStackGivesFixedViewsTheirCellsAndSharesTheRestByWeight() {
        let row = Stack(.horizontal, [.fixed(2, Fill(character: "a")), .fill(Fill(character: "b")), .fill(Fill(character: "c"), weight: 2)], spacing: 1)
        #expect(rendered(row, size: Size(width: 11, height: 1)).lines == ["aa bb ccccc"], "2 + 1 + 2 + 1 + 5: the 7 cells left shared 1 : 2, rounded")
        let column = Stack(.vertical, [.fixed(1, Fill(character: "h")), .fill(row)])
        #expect(rendered(column, size: Size(width: 11, height: 3)).lines == ["hhhhhhhhhhh", "aa bb ccccc", "aa bb ccccc"])
    }

    @Test func columnsOfAShareOrAFloorAndOneCutAtTheEdgeAsRatatuisAre() {
        let table = Table(
            columns: [.init("A", width: .percentage(50)), .init("B", width: .fixed(6)), .init("Header3", width: .min(5))],
            rows: [["a1", "b1", "c1"]]
        )
        table.columnSpacing = 1
        #expect(table.columnWidths(in: 20) == [10, 6, 5], "50 % of 20, 6, and the floor: 2 cells short")
        #expect(table.columnWidths(in: 30) == [15, 6, 7], "the floor grows into what is left")
        #expect(
            rendered(table, size: Size(width: 20, height: 3)).lines == ["A          B      He", "────────────────────", "a1         b1     c1"],
            "cut at the edge, no …"
        )
        table.columns[0].width = .percentage(Int.max)
        #expect(table.columnWidths(in: Int.max / 2)[0] == Int.max / 2, "a share of a huge width does not overflow")
    }

    @Test func aCellOfSeveralLinesMakesItsRowAsTallAndRowsKeepTheirSpacing() {
        let table = Table(columns: [.init("Name"), .init("Note")], rows: [["one", "a\nb"], ["two", "c"], ["three", "d"]], selects: true)
        table.rowSpacing = 1
        table.showsRule = false
        #expect(table.preferredSize(within: Size(width: 40, height: 40)) == Size(width: 11, height: 2 + 3 + 2 + 2))
        #expect(
            rendered(table, size: Size(width: 11, height: 7)).lines == [
                "Name   Note", "           ", "one    a   ", "       b   ", "           ", "two    c   ", "           ",
            ]
        )
        table.select(2)
        #expect(
            rendered(table, size: Size(width: 11, height: 7)).lines == [
                "Name   Note", "           ", "two    c   ", "           ", "three  d   ", "           ", "           ",
            ],
            "the selected row scrolled into view, the rows above it out"
        )
        table.select(0)
        let canvas = rendered(table, size: Size(width: 11, height: 7))
        #expect(canvas[8, 3].style.attributes.contains(.reverse), "every line of the selected row reversed")
        #expect(!canvas[8, 4].style.attributes.contains(.reverse), "its spacing not")
    }

    @Test func aHighlightSymbolMarksTheSelectedRowOnlyWhileOneIs() {
        let table = Table(columns: [.init("City")], rows: [["Tokyo"], ["Delhi"]], selects: true)
        table.highlightSymbol = "> "
        #expect(rendered(table, size: Size(width: 8, height: 4)).lines == ["  City  ", "────────", "> Tokyo ", "  Delhi "])
        table.select(nil)
        #expect(table.selectedRow == nil)
        #expect(
            rendered(table, size: Size(width: 8, height: 4)).lines == ["City    ", "────────", "Tokyo   ", "Delhi   "],
            "no row selected: no symbol column"
        )
    }

    @Test func styledCellsKeepTheirColoursAndPlainRowsReadBack() {
        let ok = StyledText("ok", style: Style(foreground: .green))
        let table = Table(columns: [.init("Check"), .init("State")], styledRows: [["build", ok], ["lint", "\u{1B}[31mno"]])
        let canvas = rendered(table, size: Size(width: 12, height: 4))
        #expect(canvas.lines == ["Check  State", "────────────", "build  ok   ", "lint   \u{FFFD}[31…"], "escapes made visible, cut to the column")
        #expect(canvas[7, 2].style.foreground == .green)
        #expect(table.rows == [["build", "ok"], ["lint", "\u{1B}[31mno"]], "rows read back as plain text")
        table.rows = [["x", "y"]]
        #expect(table.styledRows == [["x", "y"]])
    }

    @Test func footersColumnStylesAndRowStylesInTurn() {
        let table = Table(
            columns: [
                .init("Film", style: Style(foreground: .magenta), headerStyle: Style(foreground: .cyan), footer: "Total"),
                .init("Gross", alignment: .right, footer: StyledText("$9", style: Style(attributes: .underline)), footerStyle: Style(foreground: .green)),
            ],
            rows: [["A", "$4"], ["B", "$5"]]
        )
        table.showsFooter = true
        table.showsFooterRule = false
        table.rowStyles = [.plain, Style(attributes: .dim)]
        #expect(table.preferredSize(within: Size(width: 40, height: 40)) == Size(width: 12, height: 6), "a footer is as wide as it is written")
        let canvas = rendered(table, size: Size(width: 12, height: 6))
        #expect(canvas.lines == ["Film   Gross", "────────────", "A         $4", "B         $5", "            ", "Total     $9"])
        #expect(canvas[0, 0].style == Style(foreground: .cyan, attributes: .bold), "the column's header style over the table's")
        #expect(canvas[0, 2].style.foreground == .magenta && canvas[0, 3].style == Style(foreground: .magenta, attributes: .dim), "every other row dim")
        #expect(canvas[10, 5].style == Style(foreground: .green, attributes: [.bold, .underline]) && canvas[0, 5].style.attributes == .bold)
        table.showsFooterRule = true
        #expect(rendered(table, size: Size(width: 12, height: 6)).lines[4] == "────────────")
    }

    @Test func aClickOnATallRowSelectsIt() {
        let table = Table(columns: [.init("N")], rows: [["1\n1"], ["2"], ["3"]], selects: true)
        table.rowSpacing = 1
        _ = rendered(table, size: Size(width: 4, height: 9))
        #expect(table.handle(.mouse(MouseEvent(.press, at: Point(x: 0, y: 3)))) == .handled)
        #expect(table.selectedRow == 0, "the second line of the first row")
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 0, y: 5))))
        #expect(table.selectedRow == 1)
        _ = table.handle(.mouse(MouseEvent(.press, at: Point(x: 0, y: 6))))
        #expect(table.selectedRow == 1, "a click on the spacing selects nothing")
    }
}

/// ratatui's tab bar.
@MainActor
struct TabsTests {
    @Test func titlesADividerApartTheSelectedOnePickedOutOverTheBackground() {
        var canvas = Canvas(size: Size(width: 20, height: 1))
        canvas.fill(canvas.bounds, with: Cell(" ", style: Style(background: .white)))
        let tabs = Tabs(["One", "\("Two", style: Style(foreground: .red))", "Three"], selectedIndex: 1, highlightStyle: Style(attributes: .bold))
        tabs.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == [" One │ Two │ Three  "])
        #expect(canvas[7, 0].style == Style(foreground: .red, background: .white, attributes: .bold))
        #expect(canvas[1, 0].style == Style(background: .white), "the background shows through")
        #expect(tabs.titleIndex(at: 8) == 1 && tabs.titleIndex(at: 5) == nil)
        var narrow = Canvas(size: Size(width: 9, height: 1))
        tabs.render(in: narrow.bounds, on: &narrow)
        #expect(narrow.lines == [" One │ Tw"], "cut at the right edge")
        #expect(tabs.titleRanges == [1..<4, 7..<9])
    }
}

/// A stopwatch and a timer on a virtual clock.
@MainActor
struct StopwatchTests {
    @Test func aStopwatchCountsWhileRunningAndKeepsItsTimeWhenStopped() {
        let clock = VirtualScheduler()
        let stopwatch = StopwatchView(clock: clock)
        stopwatch.start()
        clock.advance(by: .seconds(65))
        #expect(rendered(stopwatch, size: Size(width: 6, height: 1)).lines == ["1:05  "])
        stopwatch.stop()
        clock.advance(by: .seconds(10))
        #expect(stopwatch.elapsed == .seconds(65), "stopped, it keeps its time")
        stopwatch.reset()
        stopwatch.showsTenths = true
        stopwatch.start()
        clock.advance(by: .milliseconds(3240))
        #expect(stopwatch.text == "3.2 s")
    }

    @Test func aTimerCountsDownRoundingUpAndSaysWhenItRunsOut() {
        let clock = VirtualScheduler()
        let timer = TimerView(duration: .seconds(5), clock: clock)
        var timedOut = 0
        timer.onTimeout = { timedOut += 1 }
        #expect(timer.text == "5 s")
        timer.start()
        clock.advance(by: .milliseconds(4100))
        #expect(timer.text == "1 s" && timedOut == 0)
        timer.stop()
        clock.advance(by: .seconds(10))
        #expect(timer.remaining == .milliseconds(900) && timedOut == 0, "paused")
        timer.start()
        clock.advance(by: .seconds(1))
        #expect(timer.text == "0 s" && timedOut == 1 && !timer.isRunning && timer.hasTimedOut)
        #expect(Duration.seconds(3725).formattedForHumans() == "1:02:05" && Duration.milliseconds(400).formattedForHumans(tenths: true) == "0.4 s")
    }
}
