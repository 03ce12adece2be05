/// What a GIF frame's disposal method asks for once the frame has been shown.
public enum Disposal: Int, Sendable, Hashable {
    /// Not specified (0): treated like ``keep``.
    case unspecified = 0
    /// Leave the frame in place (1).
    case keep = 1
    /// Clear the frame's rectangle to transparent (2). The background colour is never painted.
    case restoreBackground = 2
    /// Put back what was there before the frame was drawn (3).
    case restorePrevious = 3

    /// Values 4–7 are reserved; browsers treat them as "keep".
    init(raw: Int) {
        self = Disposal(rawValue: raw) ?? .keep
    }
}

/// One frame of an animated GIF as the file describes it (one per image descriptor).
public struct FrameInfo: Hashable, Sendable {
    /// The frame's position in the file, from 0.
    public let index: Int
    /// The image's rectangle on the screen: x, y, width, height (may reach outside; it is clipped).
    public let x: Int, y: Int, width: Int, height: Int
    /// Whether the image rows are stored interlaced.
    public let interlaced: Bool
    /// The delay from the frame's graphic control extension, in centiseconds; nil without one.
    public let delayCentiseconds: Int?
    /// The disposal method.
    public let disposal: Disposal
    /// The palette index drawn as transparent, if any.
    public let transparentIndex: Int?
    /// Whether the image has its own colour table.
    public let hasLocalColorTable: Bool

    /// How long the frame shows when the file's timing is used: the delay, except that
    /// a missing delay, 0 or 1 centisecond plays as 100 ms (as browsers do).
    public var duration: Duration {
        guard let delay = delayCentiseconds, delay > 1 else { return .milliseconds(100) }
        return .milliseconds(delay * 10)
    }
}
