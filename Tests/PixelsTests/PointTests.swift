import Testing

@testable import Pixels

@Suite("Point")
struct PointTests {
    @Test("Point stores coordinates and describes itself as x,y")
    func basics() {
        let point = Point(x: 3, y: -4)
        #expect(point.x == 3)
        #expect(point.y == -4)
        #expect(point.description == "3,-4")
        #expect(Point.zero == Point(x: 0, y: 0))
        #expect(Point(x: 1, y: 2) != Point(x: 2, y: 1))
        #expect(Set([Point(x: 1, y: 2), Point(x: 1, y: 2)]).count == 1)
    }
}
