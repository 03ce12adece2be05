import Indicator

/// The tests' name for the public in-memory output.
typealias RecordingLineOutput = InMemoryLineOutput
