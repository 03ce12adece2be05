import IndicatorKit

/// `view` drawn once on a blank canvas of `size`, as a host would draw it.
@MainActor
public func rendered(_ view: any View, size: Size) -> Canvas {
    var canvas = Canvas(size: size)
    view.render(in: canvas.bounds, on: &canvas)
    return canvas
}
