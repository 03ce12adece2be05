/// A row or a column of areas cut from a rectangle by constraints, as ratatui's `Layout`:
/// fixed lengths, shares of the whole, lower and upper bounds and weighted fills, solved in
/// one pass over the constraints (no constraint solver, no cache), the same for the same input.
///
/// ```swift
/// let layout = Layout(.vertical, [.length(3), .fill(), .length(1)], margin: EdgeInsets(vertical: 0, horizontal: 1))
/// let (header, body, footer) = layout.split(screen).triple
/// let columns = Layout(.horizontal, [.percentage(30), .fill()], spacing: 1).split(body)
/// ```
///
/// When the constraints ask for more than there is, the lowest in priority give way first
/// (fills, then ratios, percentages, lengths, upper bounds and, last, lower bounds), the
/// last of a kind before the ones above it, as tui's solver cuts them. When they ask for less, what is left goes to the fills by weight,
/// else to the lower bounds (`min`), else it is placed as ``Flex`` says.
public struct Layout: Hashable, Sendable {
    /// What an area asks for along the layout's axis.
    public enum Constraint: Hashable, Sendable {
        /// Exactly `cells`.
        case length(Int)
        /// This percentage of the room (0…100).
        case percentage(Int)
        /// This fraction of the room.
        case ratio(Int, Int)
        /// At least `cells`, growing into what is left.
        case min(Int)
        /// At most `cells` (as many as there are up to that).
        case max(Int)
        /// A share of what the others leave, in proportion to its weight.
        case fill(Int = 1)

        /// Its rank when room is short: the lower give way first.
        fileprivate var priority: Int {
            switch self {
            case .fill: 0
            case .ratio: 1
            case .percentage: 2
            case .length: 3
            case .max: 4
            case .min: 5
            }
        }
    }

    /// Where the areas go when they leave room over (nothing grows into it).
    public enum Flex: Hashable, Sendable {
        /// As tui 0.19 and ratatui before `Flex`: the last area takes what is left, and edges
        /// between areas are the whole cells below their exact positions (so a port of a
        /// ratatui program draws the same cells).
        case legacy
        /// Packed at the start, the room after them.
        case start
        /// Packed at the end.
        case end
        /// Packed in the middle.
        case center
        /// The first at the start, the last at the end, the room between them.
        case spaceBetween
        /// The room shared round each area (half as much at the ends as between two).
        case spaceAround
        /// The room shared evenly before, between and after them.
        case spaceEvenly
    }

    /// Which way the areas follow one another.
    public var axis: Stack.Axis
    /// What each area asks for.
    public var constraints: [Constraint]
    /// Space left round all of them.
    public var margin: EdgeInsets
    /// Cells between two areas.
    public var spacing: Int
    /// Where the areas go when they leave room over.
    public var flex: Flex

    /// Areas along `axis` as `constraints` ask.
    public init(_ axis: Stack.Axis, _ constraints: [Constraint], margin: EdgeInsets = EdgeInsets(), spacing: Int = 0, flex: Flex = .legacy) {
        self.axis = axis
        self.constraints = constraints
        self.margin = margin
        self.spacing = Swift.max(0, spacing)
        self.flex = flex
    }

    /// Areas one above another.
    public static func vertical(_ constraints: [Constraint], margin: EdgeInsets = EdgeInsets(), spacing: Int = 0, flex: Flex = .legacy) -> Layout {
        Layout(.vertical, constraints, margin: margin, spacing: spacing, flex: flex)
    }

    /// Areas side by side.
    public static func horizontal(_ constraints: [Constraint], margin: EdgeInsets = EdgeInsets(), spacing: Int = 0, flex: Flex = .legacy) -> Layout {
        Layout(.horizontal, constraints, margin: margin, spacing: spacing, flex: flex)
    }

    /// The areas in `rect`, one for each constraint, in order.
    public func split(_ rect: Rect) -> [Rect] {
        guard !constraints.isEmpty else { return [] }
        // As tui's `inner`: a margin the rectangle cannot hold leaves nothing.
        let inner =
            rect.width < saturatingSum(margin.left, margin.right) || rect.height < saturatingSum(margin.top, margin.bottom)
            ? Rect(x: rect.x, y: rect.y, width: 0, height: 0) : rect.inset(by: margin)
        let total = Double(axis == .horizontal ? inner.width : inner.height)
        let gap = Double(spacing)
        let gaps = Swift.min(total, gap * Double(constraints.count - 1))
        let room = total - gaps
        var sizes = constraints.map { Self.asked($0, room: room) }
        var sum = sizes.reduce(0, +)
        if sum > room {
            // Short of room: the lowest in priority give way first, the last of them first.
            for priority in 0...5 {
                for index in constraints.indices.reversed() where constraints[index].priority == priority && sum > room {
                    let cut = Swift.min(sizes[index], sum - room)
                    sizes[index] -= cut
                    sum -= cut
                }
            }
        }
        var lead = 0.0  // room before the first area
        var between = gap  // room between two
        let over = Swift.max(0, room - sum)
        if over > 0 {
            let fills = constraints.indices.compactMap { index -> (Int, Double)? in
                if case .fill(let weight) = constraints[index] { return (index, Double(Swift.max(0, weight))) }
                return nil
            }
            let weights = fills.reduce(0.0) { $0 + $1.1 }
            let mins = constraints.indices.filter { if case .min = constraints[$0] { true } else { false } }
            if weights > 0 {
                for (index, weight) in fills { sizes[index] += over * weight / weights }
            } else if !fills.isEmpty {
                for (index, _) in fills { sizes[index] += over / Double(fills.count) }
            } else if !mins.isEmpty {
                for index in mins { sizes[index] += over / Double(mins.count) }
            } else {
                let count = Double(constraints.count)
                switch flex {
                case .legacy, .start: break
                case .end: lead = over
                case .center: lead = over / 2
                case .spaceBetween: between += constraints.count > 1 ? over / (count - 1) : 0
                case .spaceAround:
                    between += over / count
                    lead = over / count / 2
                case .spaceEvenly:
                    between += over / (count + 1)
                    lead = over / (count + 1)
                }
                if flex == .legacy, let last = sizes.indices.last { sizes[last] += over }
            }
        }
        let start = Double(axis == .horizontal ? inner.x : inner.y)
        let end = axis == .horizontal ? inner.maxX : inner.maxY
        var position = start + lead
        var areas: [Rect] = []
        for (index, size) in sizes.enumerated() {
            let from: Int
            var to: Int
            if flex == .legacy {
                // tui 0.19's cells: the start and the length each cut down to a whole cell.
                from = Self.cell(position)
                to = from + Self.cell(size)
                if index == sizes.count - 1 { to = end }
            } else {
                from = Self.cell(position.rounded())
                to = Self.cell((position + size).rounded())
            }
            let clampedFrom = Swift.min(Swift.max(from, axis == .horizontal ? inner.x : inner.y), end)
            let length = Swift.max(0, Swift.min(to, end) - clampedFrom)
            areas.append(
                axis == .horizontal
                    ? Rect(x: clampedFrom, y: inner.y, width: length, height: inner.height)
                    : Rect(x: inner.x, y: clampedFrom, width: inner.width, height: length)
            )
            position += size + between
        }
        return areas
    }

    /// What a constraint asks for in `room` cells, before any give way or grow.
    private static func asked(_ constraint: Constraint, room: Double) -> Double {
        switch constraint {
        case .length(let cells), .min(let cells): Double(Swift.max(0, cells))
        case .max(let cells): Swift.min(room, Double(Swift.max(0, cells)))
        case .percentage(let percent): room * Double(Swift.min(Swift.max(0, percent), 100)) / 100
        case .ratio(let numerator, let denominator):
            denominator <= 0 ? 0 : room * Swift.min(1, Double(Swift.max(0, numerator)) / Double(denominator))
        case .fill: 0
        }
    }

    /// `value` as a whole cell (cut toward zero), within what a `Rect` holds.
    private static func cell(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(Swift.min(Swift.max(value, -Double(1 << 40)), Double(1 << 40)))
    }
}

extension Array where Element == Rect {
    /// The first two areas (empty ones for those missing): `let (left, right) = layout.split(rect).pair`.
    public var pair: (Rect, Rect) { (element(0), element(1)) }
    /// The first three areas (empty ones for those missing).
    public var triple: (Rect, Rect, Rect) { (element(0), element(1), element(2)) }

    private func element(_ index: Int) -> Rect { indices.contains(index) ? self[index] : Rect(x: 0, y: 0, width: 0, height: 0) }
}
