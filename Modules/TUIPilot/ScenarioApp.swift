import Foundation
import TerminalRuntime

/// What a scenario file drives: an app's root view and, if it has them, its scenes by name
/// (`scene NAME`). A ``ScenarioRunner`` makes a fresh one for every scenario.
///
/// An app with one root view needs only ``root``; ``ScenarioRoots`` serves several root
/// views by name without an app type of its own.
@MainActor
public protocol ScenarioApp: AnyObject {
    /// The view that fills the virtual terminal.
    var root: any View { get }
    /// The smallest size the app is drawn at (below it the host shows "Terminal too small").
    var minimumSize: Size { get }
    /// The names `scene NAME` accepts, listed when a scenario names another.
    var sceneNames: [String] { get }
    /// Shows the scene `name`; false when the app has none of that name.
    func showScene(_ name: String) -> Bool
}

extension ScenarioApp {
    public var minimumSize: Size { Size(width: 1, height: 1) }
    public var sceneNames: [String] { [] }
    public func showScene(_ name: String) -> Bool { false }
}

/// What a scenario's app is made with: the virtual terminal and clock it runs on, and a
/// fresh folder for the files it writes (removed when the scenario ends).
@MainActor
public struct ScenarioContext {
    /// The virtual terminal the scenario draws on.
    public let terminal: HeadlessTerminal
    /// The virtual clock: give it to every component that takes a scheduler.
    public let clock: VirtualScheduler
    /// An empty folder of the scenario's own, removed after it (a database, say).
    public let folder: String
    private let host: @MainActor () -> TerminalHost?

    init(terminal: HeadlessTerminal, clock: VirtualScheduler, folder: String, host: @escaping @MainActor () -> TerminalHost?) {
        self.terminal = terminal
        self.clock = clock
        self.folder = folder
        self.host = host
    }

    /// Asks for the next frame, as an `onNeedsDisplay` handler of a component would.
    public func requestDisplay() { host()?.setNeedsDisplay() }
}

/// A command of an app's own in its scenario files, beside the built-in ones: `name`
/// starts the line and the words after it are given to ``perform``, on the app of the
/// running scenario. The line fails with the message ``perform`` returns, if any.
///
/// ```swift
/// ScenarioCommand(name: "offline", usage: "offline on|off") { words, app in
///     guard let app = app as? Songs, words.count == 1 else { return "write `offline on` or `offline off`" }
///     app.offline = words[0] == "on"
///     return nil
/// }
/// ```
public struct ScenarioCommand: Sendable {
    /// The word that starts the line.
    public let name: String
    /// How to write it, for the runner's listing.
    public let usage: String
    /// Does what the line says; returns why it failed, or nil.
    public let perform: @MainActor @Sendable (_ arguments: [String], _ app: any ScenarioApp) -> String?

    /// A command `name`, written as `usage`, done by `perform`.
    public init(name: String, usage: String, perform: @escaping @MainActor @Sendable (_ arguments: [String], _ app: any ScenarioApp) -> String?) {
        self.name = name
        self.usage = usage
        self.perform = perform
    }
}

/// Several root views by name, each made afresh when a scenario's `scene NAME` asks for
/// it; the first is shown until then.
///
/// ```swift
/// let runner = ScenarioRunner(roots: [
///     "list": { context in SongList(scheduler: context.clock) },
///     "about": { _ in AboutView() },
/// ])
/// ```
@MainActor
public final class ScenarioRoots: ScenarioApp {
    /// How each root view is made, in the order `sceneNames` lists them.
    public let makers: [(name: String, make: @MainActor (ScenarioContext) -> any View)]
    private let context: ScenarioContext
    private let frame = Frame()

    /// Roots made by `makers` with `context`; the first is shown now.
    public init(_ makers: [(name: String, make: @MainActor (ScenarioContext) -> any View)], context: ScenarioContext) {
        self.makers = makers
        self.context = context
        frame.content = makers.first?.make(context)
    }

    public var root: any View { frame }
    /// The root view shown now (for an app's ``ScenarioCommand`` to reach).
    public var current: (any View)? { frame.content }
    public var sceneNames: [String] { makers.map(\.name) }

    public func showScene(_ name: String) -> Bool {
        guard let maker = makers.first(where: { $0.name == name }) else { return false }
        frame.content = maker.make(context)
        return true
    }

    /// The view shown now, swapped by ``showScene(_:)``.
    private final class Frame: View {
        var content: (any View)?
        func render(in rect: Rect, on canvas: inout Canvas) { content?.render(in: rect, on: &canvas) }
        func handle(_ event: InputEvent) -> EventResult { content?.handle(event) ?? .ignored }
    }
}
