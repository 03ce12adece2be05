import Testing

@testable import Pixels

@Suite("Size")
struct SizeTests {
    @Test("Negative values are clamped to zero")
    func clamping() {
        #expect(Size(width: -1, height: 5) == Size(width: 0, height: 5))
        #expect(Size(width: 3, height: -9).height == 0)
    }

    @Test("area, isEmpty and description")
    func basics() {
        let size = Size(width: 80, height: 24)
        #expect(size.area == 1920)
        #expect(!size.isEmpty)
        #expect(size.description == "80x24")
        #expect(Size.zero.isEmpty)
        #expect(Size(width: 5, height: 0).isEmpty)
        #expect(Size(width: 0, height: 5).isEmpty)
        #expect(Size(width: 0, height: 5).area == 0)
    }

    @Test("contains compares both dimensions")
    func contains() {
        let size = Size(width: 40, height: 10)
        #expect(size.contains(Size(width: 40, height: 10)))
        #expect(size.contains(Size(width: 1, height: 1)))
        #expect(size.contains(.zero))
        #expect(!size.contains(Size(width: 41, height: 10)))
        #expect(!size.contains(Size(width: 40, height: 11)))
        #expect(!Size.zero.contains(Size(width: 1, height: 1)))
    }

    @Test(
        "Parsing good WxH text",
        arguments: [
            ("80x24", 80, 24), ("0x0", 0, 0), ("1x1", 1, 1), ("200x3", 200, 3), ("007x08", 7, 8),
        ]
    )
    func parsingGood(text: String, width: Int, height: Int) throws {
        let size = try #require(Size(parsing: text))
        #expect(size == Size(width: width, height: height))
    }

    @Test("Parsing round-trips with description")
    func parsingRoundTrip() {
        for size in [Size(width: 80, height: 24), .zero, Size(width: 1, height: 999)] {
            #expect(Size(parsing: size.description) == size)
        }
        #expect(Size(parsing: "xx80x24xx".dropFirst(2).dropLast(2)) == Size(width: 80, height: 24))  // Substring
    }

    @Test(
        "Parsing bad text gives nil",
        arguments: [
            "", "x", "80", "80x", "x24", "80x24x1", "80X24", "80*24", "-1x5", "5x-1", " 80x24", "80x24 ", "8 0x24", "ax b", "80x2.5", "axb",
        ]
    )
    func parsingBad(text: String) {
        #expect(Size(parsing: text) == nil)
    }
}
