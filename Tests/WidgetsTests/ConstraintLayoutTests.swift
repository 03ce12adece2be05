import IndicatorKit
import Testing
import Widgets

/// `Layout` against tui 0.19's own results (its cassowary layout run on the same input:
/// the layouts of its examples at 80×24 and its documentation's) and the flex placements.
struct ConstraintLayoutTests {
    func areas(_ layout: Layout, _ width: Int, _ height: Int) -> [[Int]] {
        layout.split(Rect(x: 0, y: 0, width: width, height: height)).map { [$0.x, $0.y, $0.width, $0.height] }
    }

    @Test func tuiExamplesLayoutsAreCutToTheSameCells() {
        let quarters = [Layout.Constraint](repeating: .percentage(25), count: 4)
        #expect(areas(.vertical(quarters, margin: .all(5)), 80, 24) == [[5, 5, 70, 3], [5, 8, 70, 3], [5, 12, 70, 3], [5, 15, 70, 4]])
        #expect(areas(.vertical(quarters, margin: .all(2)), 80, 24) == [[2, 2, 76, 5], [2, 7, 76, 5], [2, 12, 76, 5], [2, 17, 76, 5]])
        #expect(areas(.vertical([.percentage(40), .percentage(20), .percentage(40)]), 80, 24) == [[0, 0, 80, 9], [0, 9, 80, 4], [0, 14, 80, 10]])
        #expect(areas(.vertical([.percentage(20), .percentage(80)]), 80, 24) == [[0, 0, 80, 4], [0, 4, 80, 20]])
        #expect(areas(.vertical([.ratio(1, 3), .ratio(1, 3), .ratio(1, 3)]), 80, 24) == [[0, 0, 80, 8], [0, 8, 80, 8], [0, 16, 80, 8]])
        #expect(
            areas(.vertical([.length(3), .length(3), .length(7), .min(0)], margin: .all(2)), 80, 24)
                == [[2, 2, 76, 3], [2, 5, 76, 3], [2, 8, 76, 7], [2, 15, 76, 7]]
        )
        #expect(areas(.horizontal([.percentage(50), .percentage(50)]), 81, 3) == [[0, 0, 40, 3], [40, 0, 41, 3]])
        #expect(areas(.horizontal([.percentage(33), .percentage(33), .percentage(33)]), 80, 3) == [[0, 0, 26, 3], [26, 0, 26, 3], [52, 0, 28, 3]])
        #expect(areas(.vertical([.percentage(10), .percentage(80), .percentage(10)]), 80, 24) == [[0, 0, 80, 2], [0, 2, 80, 19], [0, 21, 80, 3]])
        #expect(areas(.vertical([.length(3), .min(0), .length(1)]), 80, 20) == [[0, 0, 80, 3], [0, 3, 80, 16], [0, 19, 80, 1]])
        #expect(areas(.horizontal([.length(30), .length(30), .length(30)]), 80, 1) == [[0, 0, 30, 1], [30, 0, 30, 1], [60, 0, 20, 1]])
        #expect(areas(.horizontal([.max(10), .length(5)]), 80, 1) == [[0, 0, 10, 1], [10, 0, 70, 1]])
        #expect(areas(.vertical([.percentage(50), .percentage(50)], margin: .all(13)), 80, 24).allSatisfy { $0[2] == 0 && $0[3] == 0 })
        // tui's documentation: a length and the rest, a third and two thirds.
        #expect(
            Layout.vertical([.length(5), .min(0)]).split(Rect(x: 2, y: 2, width: 10, height: 10))
                == [Rect(x: 2, y: 2, width: 10, height: 5), Rect(x: 2, y: 7, width: 10, height: 5)]
        )
        #expect(areas(.horizontal([.ratio(1, 3), .ratio(2, 3)]), 9, 2) == [[0, 0, 3, 2], [3, 0, 6, 2]])
    }

    @Test func fillsShareWhatIsLeftByWeightAndFlexPlacesTheRest() {
        #expect(areas(.horizontal([.length(10), .fill(1), .fill(3)], flex: .start), 50, 1) == [[0, 0, 10, 1], [10, 0, 10, 1], [20, 0, 30, 1]])
        #expect(areas(.horizontal([.length(10), .fill(), .length(10)], spacing: 2), 50, 1) == [[0, 0, 10, 1], [12, 0, 26, 1], [40, 0, 10, 1]])
        let two: [Layout.Constraint] = [.length(10), .length(10)]
        #expect(areas(.horizontal(two, flex: .start), 40, 1) == [[0, 0, 10, 1], [10, 0, 10, 1]])
        #expect(areas(.horizontal(two, flex: .end), 40, 1) == [[20, 0, 10, 1], [30, 0, 10, 1]])
        #expect(areas(.horizontal(two, flex: .center), 40, 1) == [[10, 0, 10, 1], [20, 0, 10, 1]])
        #expect(areas(.horizontal(two, flex: .spaceBetween), 40, 1) == [[0, 0, 10, 1], [30, 0, 10, 1]])
        #expect(areas(.horizontal(two, flex: .spaceAround), 40, 1) == [[5, 0, 10, 1], [25, 0, 10, 1]])
        #expect(areas(.horizontal([.length(8), .length(8)], flex: .spaceEvenly), 40, 1) == [[8, 0, 8, 1], [24, 0, 8, 1]])
        #expect(areas(.horizontal(two), 40, 1) == [[0, 0, 10, 1], [10, 0, 30, 1]], "legacy: the last takes the rest")
        #expect(areas(.horizontal([.max(10), .min(5)], flex: .start), 40, 1) == [[0, 0, 10, 1], [10, 0, 30, 1]], "a lower bound grows")
    }

    @Test func whenRoomIsShortTheLowestPriorityGivesWayFirst() {
        #expect(areas(.horizontal([.min(10), .percentage(50), .length(10)], flex: .start), 20, 1) == [[0, 0, 10, 1], [10, 0, 0, 1], [10, 0, 10, 1]])
        #expect(areas(.horizontal([.length(10), .length(10)], spacing: 5), 12, 1) == [[0, 0, 7, 1], [12, 0, 0, 1]])
        #expect(areas(.horizontal([]), 10, 1).isEmpty)
    }

    @Test func anyNumberAProgramPassesIsCutNotTrappedOn() {
        let wild: [Layout.Constraint] = [
            .length(.max), .length(.min), .percentage(.max), .ratio(.max, .min), .ratio(1, 0), .min(.max), .max(.min), .fill(.max), .fill(.min),
        ]
        for flex in [Layout.Flex.legacy, .start, .end, .center, .spaceBetween, .spaceAround, .spaceEvenly] {
            for rect in [Rect(x: 0, y: 0, width: 80, height: 24), Rect(x: .max - 10, y: .min, width: 5, height: 5), Rect(x: 0, y: 0, width: 0, height: 0)] {
                let split = Layout(.horizontal, wild, margin: EdgeInsets(top: .max, left: .min), spacing: .max, flex: flex).split(rect)
                #expect(split.count == wild.count)
                let inside = Layout(.vertical, wild, spacing: .max, flex: flex).split(rect)
                #expect(inside.allSatisfy { $0.height >= 0 && $0.y >= rect.y && $0.maxY <= rect.maxY })
            }
        }
    }
}
