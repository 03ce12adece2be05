/// Asks for the next frame: through `handler` when the component was given one, else through
/// the host a running loop draws (`TerminalHost.active`, TerminalRuntime), so a component in an
/// app needs no wiring of its own to be drawn again.
@MainActor
public func requestDisplay(_ handler: (@MainActor () -> Void)?) {
    if let handler { handler() } else { AmbientDisplay.request?() }
}

/// Where ``requestDisplay(_:)`` sends a request that came with no handler: set by the run loop
/// of TerminalRuntime while it draws a host, nil otherwise.
@MainActor
package enum AmbientDisplay {
    package static var request: (@MainActor () -> Void)?
}
