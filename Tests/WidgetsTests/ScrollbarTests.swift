import IndicatorKit
import Testing

@testable import Widgets

/// A scroll bar's thumb: as long as the share that shows, as far along as the part that shows.
@MainActor
struct ScrollbarTests {
    func drawn(_ bar: Scrollbar, width: Int, height: Int) -> [String] {
        var canvas = Canvas(size: Size(width: width, height: height))
        bar.render(in: canvas.bounds, on: &canvas)
        return canvas.lines
    }

    @Test func theThumbShowsTheShareAndThePlace() {
        let bar = Scrollbar(.verticalRight, contentLength: 40, viewportLength: 10, position: 0)
        #expect(drawn(bar, width: 2, height: 8) == [" █", " █", " │", " │", " │", " │", " │", " │"])
        bar.position = 30
        #expect(drawn(bar, width: 2, height: 8) == [" │", " │", " │", " │", " │", " │", " █", " █"], "at the end")
        bar.position = 15
        #expect(bar.thumb(onTrack: 8)! == (3, 2))
        bar.arrows = true
        bar.orientation = .horizontalBottom
        #expect(drawn(bar, width: 10, height: 2) == ["          ", "◀───██───▶"])
        bar.orientation = .verticalLeft
        #expect(drawn(bar, width: 2, height: 3).map { String($0.prefix(1)) } == ["▲", "█", "▼"])
        bar.orientation = .horizontalTop
        bar.arrows = false
        bar.contentLength = 10
        #expect(drawn(bar, width: 5, height: 1) == ["─────"], "nothing to scroll: no thumb")
    }

    @Test func anyNumbersDrawWithoutTrapping() {
        for (content, shown, position) in [(Int.max, 1, Int.max), (Int.min, Int.max, Int.min), (Int.max, Int.max - 1, -5), (5, -3, 2)] {
            let bar = Scrollbar(contentLength: content, viewportLength: shown, position: position, arrows: true)
            let lines = drawn(bar, width: 1, height: 6)
            #expect(lines.count == 6)
            if let thumb = bar.thumb(onTrack: 4) { #expect(thumb.start >= 0 && thumb.start + thumb.length <= 4) }
        }
    }
}
