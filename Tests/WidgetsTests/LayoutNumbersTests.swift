import TestSupport
import Testing
import Widgets

/// Layout numbers a program passes are any numbers: `Int.max`, `Int.min`, `1 << 60`. They
/// lay out (saturating) and draw; none traps.
@MainActor
struct LayoutNumbersTests {
    final class Text: View {
        let text: String
        init(_ text: String) { self.text = text }
        func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw(text, at: rect.origin, clip: rect) }
        func handle(_ event: InputEvent) -> EventResult { .ignored }
    }

    static let stacks: [(name: String, items: @MainActor () -> [Stack.Item], spacing: Int)] = [
        ("a fill of weight Int.max beside another", { [.fill(Text("a"), weight: .max), .fill(Text("b"))] }, 0),
        ("a weight of 2^60 alone", { [.fill(Text("a"), weight: 1 << 60)] }, 0),
        ("two fixed of Int.max", { [.fixed(.max, Text("a")), .fixed(.max, Text("b")), .fill(Text("c"))] }, 0),
        ("spacing Int.max", { [.fixed(2, Text("a")), .fill(Text("b")), .fill(Text("c"))] }, Int.max),
        ("fixed Int.min", { [.fixed(.min, Text("a")), .fill(Text("b"))] }, 0),
    ]

    @Test(arguments: 0..<5)
    func aStackTakesAnyNumber(case index: Int) {
        let (name, make, spacing) = Self.stacks[index]
        let items = make()
        let stack = Stack(.horizontal, items, spacing: spacing)
        let frames = stack.layout(in: Rect(x: 3, y: 1, width: 20, height: 2))
        #expect(frames.count == items.count, "\(name)")
        #expect(frames.allSatisfy { $0.x >= 3 && $0.maxX <= 23 && $0.y == 1 }, "\(name): \(frames)")
        #expect(frames.map(\.width).reduce(0, +) <= 20, "\(name): \(frames)")
        _ = rendered(stack, size: Size(width: 30, height: 4))
    }

    @Test func aFillOfWeightIntMaxBesideAnotherTakesNearlyAll() {
        let frames = Stack(.horizontal, [.fill(Text("a"), weight: .max), .fill(Text("b"))]).layout(in: Rect(x: 0, y: 0, width: 20, height: 1))
        #expect(frames.map(\.width).reduce(0, +) == 20 && frames[0].width >= 19, "\(frames)")
    }

    @Test(arguments: [Int.max, Int.min, 1 << 40, -(1 << 40)])
    func aBoxTakesAnyPadding(padding: Int) {
        let box = Box(Text("inside"), title: "t", padding: .all(padding))
        let canvas = rendered(box, size: Size(width: 12, height: 5))
        #expect(canvas.lines.first?.hasPrefix("╭") == true)
        #expect(Rect(x: 2, y: 2, width: 10, height: 4).inset(top: padding, left: padding, bottom: padding, right: padding).width >= 0)
    }

    @Test func aTableOfFixedIntMaxColumnsDraws() {
        let table = Table(columns: [.init("A", width: .fixed(.max)), .init("B", width: .fixed(.max)), .init("C")], rows: [["1", "2", "3"]])
        #expect(table.columnWidths(in: 20).count == 3)
        _ = rendered(table, size: Size(width: 20, height: 4))
    }

    /// What the widths were when the widest column gave way a cell at a time: the reference
    /// the bisection must agree with, width for width.
    static func givingWayACellAtATime(_ table: Table, columns: [Table.Column], natural: [Int], in width: Int) -> [Int] {
        var widths = natural
        var room = width - max(0, columns.count - 1) * 2 - widths.reduce(0, +)
        while room < 0 {
            let shrinkable = columns.indices.filter { widths[$0] > max(1, columns[$0].title.displayWidth) }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            room += 1
        }
        return widths
    }

    @Test func columnsGiveWayAsTheyDidACellAtATime() {
        var generator = SeededGenerator(seed: 53)
        for round in 0..<300 {
            let count = Int.random(in: 1...9, using: &generator)
            let titles = (0..<count).map { _ in String(repeating: "h", count: Int.random(in: 0...4, using: &generator)) }
            let cells = (0..<count).map { _ in String(repeating: "x", count: Int.random(in: 0...30, using: &generator)) }
            let columns = titles.map { Table.Column($0) }
            let table = Table(columns: columns, rows: [cells])
            let natural = zip(titles, cells).map { max($0.displayWidth, $1.displayWidth) }
            let width = Int.random(in: 0...120, using: &generator)
            let expected = Self.givingWayACellAtATime(table, columns: columns, natural: natural, in: width)
            #expect(table.columnWidths(in: width) == expected, "round \(round): \(natural) in \(width)")
        }
    }

    @Test func thousandsOfColumnsLayOut() {
        let columns = (0..<5_000).map { Table.Column("c\($0)") }
        let table = Table(columns: columns, rows: [(0..<5_000).map { String(repeating: "v", count: $0 % 40) }])
        let widths = table.columnWidths(in: 80)
        #expect(widths.count == 5_000)
        #expect(widths.allSatisfy { $0 >= 1 })
    }
}
