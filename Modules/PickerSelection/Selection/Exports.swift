// The ordered selection is the widgets' (a prompt's multiple choice keeps one too); the
// picker's users find it here as before.
@_exported import struct Widgets.OrderedSelection
