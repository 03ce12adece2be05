/// A sequence whose iteration moves a progress bar: one step an element, the bar finished
/// when the sequence ends (and left as it is when the loop breaks early).
///
/// ```swift
/// for file in files.progress("Hashing") { hash(file) }
/// ```
public struct ProgressSequence<Base: Sequence>: Sequence {
    let base: Base
    let makeBar: () -> ProgressBar

    /// An iterator that moves the bar one step for each element it gives.
    public func makeIterator() -> Iterator { Iterator(base: base.makeIterator(), bar: makeBar()) }

    /// Steps the bar as it goes.
    public struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        /// The bar it moves.
        public let bar: ProgressBar

        /// The next element, the bar moved one step; at the end, the bar finished.
        public mutating func next() -> Base.Element? {
            guard let element = base.next() else {
                bar.finish()
                return nil
            }
            bar.inc()
            return element
        }
    }
}

/// An async sequence whose iteration moves a progress bar, as ``ProgressSequence`` does.
///
/// ```swift
/// for try await line in url.lines.progress("Reading") { … }
/// ```
public struct ProgressAsyncSequence<Base: AsyncSequence>: AsyncSequence {
    /// The elements of the sequence wrapped.
    public typealias Element = Base.Element
    let base: Base
    let makeBar: @Sendable () -> ProgressBar

    /// An iterator that moves the bar one step for each element it gives.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), bar: makeBar()) }

    /// Steps the bar as it goes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        /// The bar it moves.
        public let bar: ProgressBar

        /// The next element, the bar moved one step; at the end, the bar finished.
        public mutating func next() async throws -> Base.Element? {
            do {
                guard let element = try await base.next() else {
                    bar.finish()
                    return nil
                }
                bar.inc()
                return element
            } catch {
                bar.fail(detail: "\(error)")
                throw error
            }
        }
    }
}

extension Sequence {
    /// The elements, moving a bar as they are taken: its length is the count of a
    /// collection, unknown for other sequences.
    public func progress(_ message: String = "", style: ProgressStyle? = nil, group: ProgressGroup = .standardError) -> ProgressSequence<Self> {
        let total = (self as? any Collection)?.count
        return ProgressSequence(base: self) { ProgressBar(total: total, message: message, style: style, group: group) }
    }
}

extension Collection {
    /// The elements, moving a bar of `count` steps as they are taken.
    public func progress(_ message: String = "", style: ProgressStyle? = nil, group: ProgressGroup = .standardError) -> ProgressSequence<Self> {
        let total = count
        return ProgressSequence(base: self) { ProgressBar(total: total, message: message, style: style, group: group) }
    }
}

extension AsyncSequence {
    /// The elements, moving a bar as they come (of `total` steps when known).
    public func progress(
        _ message: String = "",
        total: Int? = nil,
        style: ProgressStyle? = nil,
        group: ProgressGroup = .standardError
    ) -> ProgressAsyncSequence<Self> {
        ProgressAsyncSequence(base: self) { ProgressBar(total: total, message: message, style: style, group: group) }
    }
}
