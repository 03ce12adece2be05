import IndicatorKit

/// A view for tests: records the events it receives and the rects it is drawn in,
/// draws its label at the top-left of its rect, and handles the events it is told to.
@MainActor
public final class ProbeView: View {
    public let label: String
    public var handles: (InputEvent) -> Bool
    public private(set) var received: [InputEvent] = []
    public private(set) var renderedRects: [Rect] = []

    public init(_ label: String = "", handles: @escaping (InputEvent) -> Bool = { _ in false }) {
        self.label = label
        self.handles = handles
    }

    public func render(in rect: Rect, on canvas: inout Canvas) {
        renderedRects.append(rect)
        canvas.draw(label, at: rect.origin, clip: rect)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        received.append(event)
        return handles(event) ? .handled : .ignored
    }
}

/// A canvas with the given text rows (each padded/cut by the canvas itself), for compact setups.
public func makeCanvas(_ rows: [String], width: Int) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: rows.count))
    for (y, row) in rows.enumerated() { canvas.draw(row, at: Point(x: 0, y: y)) }
    return canvas
}
