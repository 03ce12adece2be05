@_exported import CellPictures
// IndicatorKit is the kit's core in one import: the values (Pixels), views and what they draw
// on (ViewCore), time and motion (Motion), hosting a view on a terminal (TerminalRuntime) and
// the widgets (Widgets). Import one of them alone to link less.
@_exported import Motion
@_exported import Pixels
@_exported import TerminalRuntime
@_exported import ViewCore
@_exported import Widgets
