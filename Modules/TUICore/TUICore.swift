// TUICore is IndicatorKit's former name, kept for one release: it re-exports IndicatorKit.
// Write `import IndicatorKit` (and the product `IndicatorKit`) instead.
@_exported import IndicatorKit
