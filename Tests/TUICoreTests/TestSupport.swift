@testable import TUICore

/// A view for tests: records the events it receives and the rects it is drawn in,
/// draws its label at the top-left of its rect, and handles the events it is told to.
@MainActor
final class ProbeView: View {
    let label: String
    var handles: (InputEvent) -> Bool
    private(set) var received: [InputEvent] = []
    private(set) var renderedRects: [Rect] = []

    init(_ label: String = "", handles: @escaping (InputEvent) -> Bool = { _ in false }) {
        self.label = label
        self.handles = handles
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        renderedRects.append(rect)
        canvas.draw(label, at: rect.origin, clip: rect)
    }

    func handle(_ event: InputEvent) -> EventResult {
        received.append(event)
        return handles(event) ? .handled : .ignored
    }
}

/// A canvas with the given text rows (each padded/cut by the canvas itself), for compact setups.
func makeCanvas(_ rows: [String], width: Int) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: rows.count))
    for (y, row) in rows.enumerated() { canvas.draw(row, at: Point(x: 0, y: y)) }
    return canvas
}
