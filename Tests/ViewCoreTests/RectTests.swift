import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Rect and layout")
struct RectTests {
    @Test("Initializers, accessors and description")
    func basics() {
        let rect = Rect(x: 2, y: 3, width: 10, height: 4)
        #expect(rect.origin == Point(x: 2, y: 3))
        #expect(rect.size == Size(width: 10, height: 4))
        #expect(rect.x == 2 && rect.y == 3 && rect.width == 10 && rect.height == 4)
        #expect(rect.maxX == 12)
        #expect(rect.maxY == 7)
        #expect(!rect.isEmpty)
        #expect(rect.description == "2,3 10x4")
        #expect(Rect(size: Size(width: 5, height: 6)) == Rect(x: 0, y: 0, width: 5, height: 6))
        #expect(Rect(origin: Point(x: 1, y: 1), size: .zero).isEmpty)
        #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(Rect.zero.isEmpty)
    }

    @Test("Negative sizes become zero")
    func negativeSize() {
        let rect = Rect(x: 5, y: 5, width: -3, height: -1)
        #expect(rect.size == .zero)
        #expect(rect.isEmpty)
        #expect(rect.maxX == 5)
        #expect(Rect(x: 0, y: 0, width: 4, height: 0).isEmpty)
        #expect(Rect(x: 0, y: 0, width: 0, height: 4).isEmpty)
    }

    @Test("contains includes the top-left cell and excludes maxX/maxY")
    func contains() {
        let rect = Rect(x: 1, y: 1, width: 2, height: 3)
        #expect(rect.contains(Point(x: 1, y: 1)))
        #expect(rect.contains(Point(x: 2, y: 3)))
        #expect(!rect.contains(Point(x: 3, y: 1)))
        #expect(!rect.contains(Point(x: 1, y: 4)))
        #expect(!rect.contains(Point(x: 0, y: 1)))
        #expect(!rect.contains(Point(x: 1, y: 0)))
        #expect(!Rect.zero.contains(.zero))
    }

    @Test("intersection of overlapping, nested and disjoint rects")
    func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 3, width: 10, height: 4)
        #expect(a.intersection(b) == Rect(x: 5, y: 3, width: 5, height: 4))
        #expect(b.intersection(a) == a.intersection(b))
        let inner = Rect(x: 2, y: 2, width: 3, height: 3)
        #expect(a.intersection(inner) == inner)
        let far = Rect(x: 20, y: 20, width: 5, height: 5)
        #expect(a.intersection(far).isEmpty)
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)).isEmpty)  // touching edges
        #expect(a.intersection(Rect(x: -5, y: -5, width: 7, height: 8)) == Rect(x: 0, y: 0, width: 2, height: 3))
    }

    @Test("inset shrinks every side, never below zero size")
    func inset() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 6)
        #expect(rect.inset(by: 1) == Rect(x: 1, y: 1, width: 8, height: 4))
        #expect(rect.inset(top: 1, left: 2, bottom: 0, right: 3) == Rect(x: 2, y: 1, width: 5, height: 5))
        #expect(rect.inset(left: 4) == Rect(x: 4, y: 0, width: 6, height: 6))
        #expect(rect.inset(by: 4).size == Size(width: 2, height: 0))
        #expect(rect.inset(by: 10).isEmpty)
        #expect(rect.inset(by: 0) == rect)
    }

    @Test("splitTop and splitBottom, clamped")
    func splitVertical() {
        let rect = Rect(x: 1, y: 2, width: 8, height: 5)
        let (top, rest) = rect.splitTop(2)
        #expect(top == Rect(x: 1, y: 2, width: 8, height: 2))
        #expect(rest == Rect(x: 1, y: 4, width: 8, height: 3))
        #expect(rect.splitTop(9).top == rect)
        #expect(rect.splitTop(9).rest.isEmpty)
        #expect(rect.splitTop(-1).top.isEmpty)
        #expect(rect.splitTop(-1).rest == rect)

        let (above, bottom) = rect.splitBottom(1)
        #expect(above == Rect(x: 1, y: 2, width: 8, height: 4))
        #expect(bottom == Rect(x: 1, y: 6, width: 8, height: 1))
        #expect(rect.splitBottom(20).bottom == rect)
        #expect(rect.splitBottom(20).rest.height == 0)
        #expect(rect.splitBottom(0).bottom.height == 0)
        #expect(rect.splitBottom(0).bottom.y == rect.maxY)
    }

    @Test("splitLeft, clamped")
    func splitLeft() {
        let rect = Rect(x: 3, y: 0, width: 10, height: 2)
        let (left, rest) = rect.splitLeft(4)
        #expect(left == Rect(x: 3, y: 0, width: 4, height: 2))
        #expect(rest == Rect(x: 7, y: 0, width: 6, height: 2))
        #expect(rect.splitLeft(11).left == rect)
        #expect(rect.splitLeft(11).rest.isEmpty)
        #expect(rect.splitLeft(-2).left.isEmpty)
        #expect(rect.splitLeft(-2).rest == rect)
    }

    @Test("Splits cover the rect exactly")
    func splitsCover() {
        let rect = Rect(x: 2, y: 1, width: 7, height: 9)
        for n in 0...9 {
            let (top, rest) = rect.splitTop(n)
            #expect(top.height + rest.height == rect.height)
            #expect(top.maxY == rest.y)
            let (above, bottom) = rect.splitBottom(n)
            #expect(above.height + bottom.height == rect.height)
            #expect(above.maxY == bottom.y)
        }
    }

    @Test("centered places a size in the middle, clamped to the rect")
    func centered() {
        let rect = Rect(x: 0, y: 0, width: 80, height: 24)
        #expect(rect.centered(Size(width: 30, height: 5)) == Rect(x: 25, y: 9, width: 30, height: 5))
        #expect(rect.centered(Size(width: 100, height: 50)) == rect)
        #expect(Rect(x: 10, y: 10, width: 5, height: 5).centered(Size(width: 2, height: 2)) == Rect(x: 11, y: 11, width: 2, height: 2))
        #expect(rect.centered(.zero) == Rect(x: 40, y: 12, width: 0, height: 0))
    }

    @Test("rows lists one-row rects from top to bottom")
    func rows() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 3)
        #expect(
            rect.rows == [
                Rect(x: 1, y: 2, width: 3, height: 1),
                Rect(x: 1, y: 3, width: 3, height: 1),
                Rect(x: 1, y: 4, width: 3, height: 1),
            ]
        )
        #expect(Rect(x: 0, y: 0, width: 3, height: 0).rows.isEmpty)
    }
}
