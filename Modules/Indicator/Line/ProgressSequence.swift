/// A sequence whose iteration moves a progress bar: one step an element, the bar finished
/// when the sequence ends — and when the loop ends early (`break`, `return`, a thrown
/// error), finished where it stopped (`7/10`), so it never runs on after the loop.
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
        private let owner: BarOwner
        /// The bar it moves.
        public var bar: ProgressBar { owner.bar }

        init(base: Base.Iterator, bar: ProgressBar) {
            self.base = base
            owner = BarOwner(bar)
        }

        /// The next element, the bar moved one step; at the end, the bar finished.
        public mutating func next() -> Base.Element? {
            guard let element = base.next() else {
                owner.bar.finish()
                return nil
            }
            owner.bar.inc()
            return element
        }
    }
}

/// Ends its bar, where it stopped, when the iteration it belongs to goes away unfinished
/// (a loop left by `break`, `return` or a thrown error).
final class BarOwner: Sendable {
    let bar: ProgressBar
    init(_ bar: ProgressBar) { self.bar = bar }
    deinit { if !bar.isFinished { bar.abandon() } }
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
        private let owner: BarOwner
        /// The bar it moves.
        public var bar: ProgressBar { owner.bar }

        init(base: Base.AsyncIterator, bar: ProgressBar) {
            self.base = base
            owner = BarOwner(bar)
        }

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
    /// The elements, moving a bar as they are taken: its length is `total` when given, else
    /// the count of a collection, unknown for other sequences.
    public func progress(
        _ message: String = "",
        total: Int? = nil,
        style: ProgressStyle? = nil,
        group: ProgressGroup = .standardError
    ) -> ProgressSequence<Self> {
        let total = total ?? (self as? any Collection)?.count
        return ProgressSequence(base: self) { ProgressBar(total: total, message: message, style: style, group: group) }
    }

    /// The elements, moving `bar` (made and styled as you like) one step as each is taken.
    public func progress(with bar: ProgressBar) -> ProgressSequence<Self> {
        ProgressSequence(base: self) { bar }
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
