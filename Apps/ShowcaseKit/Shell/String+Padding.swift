extension String {
    /// The text followed by spaces up to `width` cells (or by one space when it is already as wide).
    func padded(toWidth width: Int) -> String {
        let w = displayWidth
        return w >= width ? self + " " : self + String(repeating: " ", count: width - w)
    }
}
