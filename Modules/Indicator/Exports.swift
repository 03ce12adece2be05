// Line indicators measure time by Motion's `TimeSource` and animations play on its
// `Scheduler`: importing Indicator imports Motion, so a command-line tool needs one import.
@_exported import Motion
