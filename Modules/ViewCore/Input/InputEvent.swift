/// Everything a view can receive from the terminal.
public enum InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// A key press.
    case key(Key)
    /// A mouse press, release, drag, move or wheel turn.
    case mouse(MouseEvent)
    /// Text pasted at once (bracketed paste).
    case paste(String)
    /// The terminal changed size.
    case resize(Size)
    /// The ``paste(_:)`` just before was longer than a backend keeps (FullScreenTerminal: 1 MiB):
    /// it holds the paste's start, and this many bytes after it were dropped.
    case pasteCut(droppedBytes: Int)

    /// A readable form for logs and the key echo.
    public var description: String {
        switch self {
        case .key(let key): "key \(key)"
        case .mouse(let mouse): "mouse \(mouse)"
        case .paste(let text): "paste \(text.sanitizedForTerminal.truncated(toWidth: 20))"
        case .resize(let size): "resize \(size)"
        case .pasteCut(let dropped): "paste cut: \(dropped) bytes dropped"
        }
    }
}
