// libFuzzer entry point for the filter and the layout solver (INDICATORKIT_FUZZ_TARGET=filter|
// layout). Built only by Tools/fuzz/run.
//
// filter: the input's first byte is the pattern's length in bytes, then the pattern, then
// texts a line each (any bytes): `FuzzyIndex` must rank as `FuzzyMatch` does, in one go or
// with texts added later and merged, and every match's places must hold the pattern's
// letters in order.
// layout: the bytes are numbers (eight bytes each, any value: Int.max, Int.min too) for a
// stack's items, spacing and a table's fixed widths, drawn into a rectangle the first bytes
// choose: every frame must lie within the rectangle, none overlapping the next.
import Foundation
import FuzzDriver
import IndicatorKit

nonisolated(unsafe) var target = "filter"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidgets(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    return MainActor.assumeIsolated { target == "layout" ? fuzzLayout(bytes) : fuzzFilter(bytes) }
}

func fuzzFilter(_ bytes: [UInt8]) -> CInt {
    guard let first = bytes.first else { return 0 }
    let patternEnd = min(bytes.count, 1 + Int(first % 24))
    let pattern = String(decoding: bytes[1..<patternEnd], as: UTF8.self)
    let texts = bytes[patternEnd...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let expected = FuzzyMatch.ranked(pattern, in: texts)
    let folded = FuzzyPattern(pattern)
    let index = FuzzyIndex(texts)
    precondition(index.ranked(folded) == expected.map(\.index), "the index ranks as the matches do")
    let half = texts.count / 2
    var growing = FuzzyIndex(texts.prefix(half))
    var ranking = growing.ranking(folded)
    for text in texts.dropFirst(half) { growing.append(text) }
    ranking.merge(growing.ranking(folded, among: Array(half..<texts.count)))
    precondition(folded.characters.isEmpty || ranking.indices == expected.map(\.index), "merged as ranked together")
    for (i, match) in expected {
        precondition(index.match(folded, at: i) == match, "the same places and score")
        let letters = FuzzyMatch.folded(texts[i])
        precondition(zip(match.positions, match.positions.dropFirst()).allSatisfy { $0 < $1 }, "ascending")
        precondition(match.positions.enumerated().allSatisfy { letters[$1] == folded.characters[$0] }, "the pattern's letters")
    }
    return 0
}

@MainActor
func fuzzLayout(_ bytes: [UInt8]) -> CInt {
    var numbers: [Int] = stride(from: 0, to: bytes.count - bytes.count % 8, by: 8).map { offset in
        bytes[offset..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
    }
    guard numbers.count >= 3 else { return 0 }
    let rect = Rect(x: 0, y: 0, width: Int(UInt16(truncatingIfNeeded: numbers[0]) % 600), height: Int(UInt16(truncatingIfNeeded: numbers[1]) % 300))
    let spacing = numbers[2]
    numbers.removeFirst(3)
    let items: [Stack.Item] = numbers.prefix(64).map { number in
        number & 1 == 0 ? .fixed(number >> 1, EmptyView()) : .fill(EmptyView(), weight: number >> 1)
    }
    for axis in [Stack.Axis.horizontal, .vertical] {
        let frames = Stack(axis, items, spacing: spacing).layout(in: rect)
        precondition(frames.count == items.count)
        for (frame, next) in zip(frames, frames.dropFirst()) {
            precondition(axis == .horizontal ? frame.maxX <= next.x : frame.maxY <= next.y, "in order, not overlapping")
        }
        for frame in frames where !frame.isEmpty {
            precondition(frame.x >= rect.x && frame.y >= rect.y && frame.maxX <= rect.maxX && frame.maxY <= rect.maxY, "within the rectangle")
        }
    }
    let columns = numbers.prefix(256).map { Table.Column("c", width: $0 % 3 == 0 ? .fill : $0 % 3 == 1 ? .content : .fixed($0)) }
    guard !columns.isEmpty else { return 0 }
    let table = Table(columns: columns, rows: [Array(repeating: "cell", count: columns.count)])
    var canvas = Canvas(size: Size(width: rect.width, height: max(rect.height, 1)))
    table.render(in: Rect(x: 0, y: 0, width: rect.width, height: max(rect.height, 1)), on: &canvas)
    return 0
}

/// A view that draws nothing.
@MainActor final class EmptyView: View {
    func render(in rect: Rect, on canvas: inout Canvas) {}
}

@_cdecl("widgets_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    target = ProcessInfo.processInfo.environment["INDICATORKIT_FUZZ_TARGET"] == "layout" ? "layout" : "filter"
    return runFuzzer(argc, argv, fuzzWidgets)
}
