/// Whether a view used an input event.
public enum EventResult: Sendable, Equatable {
    /// The view acted on the event; nothing else should see it.
    case handled
    /// The view did not use the event; it goes to the next candidate.
    case ignored
    /// The view used the event and asks the app to end with `status`: a container passes
    /// it up, and the host tells its `TerminalHost/onQuit` (`TerminalApp.run` returns
    /// `status`; `Pilot.quitStatus` records it). A view needs no handle on the app to quit.
    case quit(status: Int32)
}

/// Anything that draws into a ``Canvas`` and may react to input.
///
/// A view only renders into the canvas it is given (never to a terminal) and keeps
/// its logic elsewhere, in a pure state value, so it can be tested headless.
///
/// ```swift
/// final class Hello: View {
///     func render(in rect: Rect, on canvas: inout Canvas) {
///         canvas.draw("hello", at: rect.origin, clip: rect)
///     }
/// }
/// ```
@MainActor
public protocol View: AnyObject {
    /// Draws the view inside `rect` of `canvas`.
    func render(in rect: Rect, on canvas: inout Canvas)
    /// Reacts to an event; the default ignores it.
    func handle(_ event: InputEvent) -> EventResult
}

extension View {
    /// Ignores the event.
    public func handle(_ event: InputEvent) -> EventResult { .ignored }
}

/// A view that can say how many cells it needs, so that it can be drawn at its own size: printed
/// once to standard output (TerminalIO's `TerminalApp.string(of:)`), or laid out around it.
@MainActor
public protocol MeasuredView: View {
    /// The cells it needs within `space` (at most `space`'s).
    func preferredSize(within space: Size) -> Size
}
