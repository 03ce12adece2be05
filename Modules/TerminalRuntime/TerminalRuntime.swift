// A host draws views: importing TerminalRuntime imports ViewCore (and what it imports) too.
@_exported import ViewCore
