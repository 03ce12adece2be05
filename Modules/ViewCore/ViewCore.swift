// Views and their canvas are measured in Pixels' geometry, and animated pictures play on
// Motion's clock: importing ViewCore imports both.
@_exported import Motion
@_exported import Pixels
