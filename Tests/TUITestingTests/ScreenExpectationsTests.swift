import Testing

@testable import TUITesting

@Suite("Whole-screen expectations")
struct ScreenExpectationsTests {
    @Test func screensThatShowTheSameAreEqualWhateverTheirTrailingBlanks() {
        #expect(ScreenComparison(actual: ["a  ", "b", "", "  "], expected: ["a", "b"]).report == nil)
        #expect(ScreenComparison(actual: ["a"], expected: ["a", "", ""]).report == nil)
    }

    @Test func aDifferenceShowsBothScreensSideBySideWithTheRowsThatDifferMarked() {
        let report = ScreenComparison(actual: ["✓ copied", "bar 40%", "", "extra"], expected: ["✓ copied", "bar 50%"]).report
        #expect(
            report == """
                the screen differs in the rows marked ≠ (expected on the left, actual on the right):
                    expected │ actual
                  1 ✓ copied │ ✓ copied
                ≠ 2 bar 50%  │ bar 40%
                  3          │
                ≠ 4          │ extra
                """
        )
    }

    @Test func controlCharactersInARowAreShownNotObeyed() {
        let report = ScreenComparison(actual: ["a\u{1B}[2Jb"], expected: ["ab"]).report ?? ""
        #expect(!report.contains("\u{1B}"))
    }

    @Test func aDifferenceIsAnIssueAtTheCaller() {
        withKnownIssue {
            expectScreen(["one", "two"], ["one", "three"])
        }
        expectScreen(["one", "two  "], ["one", "two"])  // no issue
    }
}
