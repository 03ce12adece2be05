/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// What the mouse did.
    public enum Action: String, Hashable, Sendable {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// The pointer moved with a button held.
        case drag
        /// The pointer moved with no button held (when the terminal reports it).
        case move
        /// The wheel turned away from the user (scroll up).
        case wheelUp
        /// The wheel turned towards the user (scroll down).
        case wheelDown
    }

    /// Which button, for press, release and drag.
    public enum Button: String, Hashable, Sendable {
        /// The primary button.
        case left
        /// The wheel button.
        case middle
        /// The secondary button.
        case right
        /// No button (moves and wheel turns).
        case none
    }

    /// What happened.
    public var action: Action
    /// Which button.
    public var button: Button
    /// The cell under the pointer.
    public var position: Point

    /// Creates a mouse event.
    public init(_ action: Action, button: Button = .left, at position: Point) {
        self.action = action
        self.button = button
        self.position = position
    }

    /// `press left at 3,4`.
    public var description: String {
        button == .none ? "\(action.rawValue) at \(position)" : "\(action.rawValue) \(button.rawValue) at \(position)"
    }
}
