/// Hands out ncurses colour pairs for (foreground, background) colour numbers on demand.
///
/// ncurses has a fixed number of pairs (often 256 or 65 536). Pairs are allocated as
/// colour combinations first appear; when the table is full it is emptied and the whole
/// screen repainted with fresh pairs, so a long animation through many colours never runs
/// out and never recolours cells still on screen (which recycling a pair in place, as
/// `alloc_pair` does when full, could).
struct ColorPairTable {
    struct Key: Hashable {
        let foreground: Int32
        let background: Int32
    }

    /// The number of usable pairs (pair 0 is the terminal's default colours).
    let capacity: Int
    private(set) var pairs: [Key: Int32] = [:]
    /// How many times the table filled up and was reset.
    private(set) var resets = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity - 1)
    }

    enum Lookup: Equatable {
        /// An existing pair.
        case existing(Int32)
        /// A new pair that must be defined in ncurses before use.
        case new(Int32)
        /// The table was full and has been emptied: reset ncurses' pairs, repaint everything.
        case exhausted
    }

    /// The pair for a colour combination (-1 means the terminal's default colour). When the
    /// table is full it is emptied (`.exhausted`) only if `mayReset`; otherwise the
    /// combination falls back to the default colours (pair 0) and the table is kept, so
    /// no pair already used in this frame is redefined.
    mutating func pair(foreground: Int32, background: Int32, mayReset: Bool = true) -> Lookup {
        if foreground == -1 && background == -1 { return .existing(0) }
        let key = Key(foreground: foreground, background: background)
        if let pair = pairs[key] { return .existing(pair) }
        guard capacity > 0 else { return .existing(0) }
        if pairs.count >= capacity {
            guard mayReset else { return .existing(0) }
            pairs.removeAll(keepingCapacity: true)
            resets += 1
            return .exhausted
        }
        let pair = Int32(pairs.count + 1)
        pairs[key] = pair
        return .new(pair)
    }
}
