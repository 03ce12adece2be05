import IndicatorKit
import PickerSelection

/// A key and what it does now, for the status line and the help overlay.
package struct KeyHint: Equatable, Sendable {
    /// The key or keys, as the user types them: `space`, `←/→`, `k`.
    package let keys: String
    /// What happens.
    package let action: String

    /// Creates a hint.
    package init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}

/// A view that says which keys act on it now (they may change with its focus).
@MainActor
protocol ExplainsKeys: AnyObject {
    /// The keys that act now, the most useful first.
    var keyHints: [KeyHint] { get }
}

extension ButtonBar {
    /// One hint per button.
    var keyHints: [KeyHint] { buttons.map { KeyHint(String($0.key), $0.title) } }
}

extension TerminalCheckView: ExplainsKeys {
    var keyHints: [KeyHint] { [KeyHint("any key", "shown under Input"), KeyHint("click, drag, wheel", "shown too")] }
}

extension PullToRefreshView: ExplainsKeys {
    var keyHints: [KeyHint] {
        [
            KeyHint("r", "refresh"), KeyHint("↑ then Enter", "pull and let go"), KeyHint("drag down", "pull with the mouse"),
            KeyHint("Esc", "cancel a refresh"), KeyHint("↑/↓", "scroll the list"),
        ]
    }
}

extension SpinnerGalleryView: ExplainsKeys {
    var keyHints: [KeyHint] { [KeyHint("↑/↓", "choose a spinner"), KeyHint("space", "stop/start it"), KeyHint("r", "reduced motion on/off")] }
}

extension GifPlayerView: ExplainsKeys {
    var keyHints: [KeyHint] { [KeyHint("space", "pause/resume"), KeyHint("←/→", "step a frame")] }
}

extension PickerView: ExplainsKeys {
    /// The picker's keys for where its focus is: the album drawer, the tray or the grid.
    var keyHints: [KeyHint] {
        if state.inputGoesToDrawer {
            return [KeyHint("↑/↓", "choose an album"), KeyHint("Enter", "show it"), KeyHint("a or Esc", "close the albums")]
        }
        switch state.area {
        case .tray:
            return [
                KeyHint("←/→", "move in the tray"), KeyHint("Enter", "remove from the selection"), KeyHint("c", "done"),
                KeyHint("Esc", "cancel"), KeyHint("Tab", "back to the grid"),
            ]
        case .grid:
            return [
                // Done and cancel before the rest: at 80 columns the status line ends at albums.
                KeyHint("arrows/hjkl", "move"), KeyHint("space/Enter", "select/unselect"), KeyHint("c", "done"),
                KeyHint("Esc", "cancel"), KeyHint("Tab", "to the tray"), KeyHint("a", "albums"), KeyHint("+/-", "size"),
            ]
        }
    }
}
