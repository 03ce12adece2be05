// Widgets are views: importing Widgets imports ViewCore (and what it imports) too.
@_exported import ViewCore
