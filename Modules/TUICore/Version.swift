import let IndicatorKit.version

/// The kit's version as the module IndicatorKit gives it (read unqualified: this module's
/// type of the same name hides the module's name).
let kitVersion = version
