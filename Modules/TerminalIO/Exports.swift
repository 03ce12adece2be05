// A terminal runs a runtime's views and says why it cannot with the runtime's
// `TerminalError`: importing TerminalIO imports TerminalRuntime (and what it imports) too.
@_exported import TerminalRuntime
