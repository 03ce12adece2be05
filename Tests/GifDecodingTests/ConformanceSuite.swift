import Foundation
import IndicatorKit
import Testing

/// Locates `../shared/gif-conformance` beside the repository (read-only test data, never copied).
enum ConformanceSuite {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/gif-conformance")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let skipNote: Comment = "../shared/gif-conformance is not present beside the repository: conformance suites skipped"

    /// Whether the suites must run: `INDICATORKIT_REQUIRE_CONFORMANCE=1` (CI sets it), so a
    /// run without their files fails instead of passing with them skipped.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["INDICATORKIT_REQUIRE_CONFORMANCE"] == "1" }
}

/// Where the conformance suites are required, their files are there.
struct ConformanceFilesTests {
    @Test(.enabled(if: ConformanceSuite.isRequired, "INDICATORKIT_REQUIRE_CONFORMANCE is not 1"))
    func theConformanceSuitesRunWhereTheyAreRequired() {
        #expect(
            ConformanceSuite.isAvailable,
            "INDICATORKIT_REQUIRE_CONFORMANCE=1, but \(ConformanceSuite.root.path) is missing: the GIF conformance suites cannot run"
        )
    }
}

extension ConformanceSuite {
    /// Compares RGBA buffers exactly, except that two pixels that are both fully transparent
    /// are equal whatever their colour. Returns the first differing pixel.
    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8], width: Int) -> String? {
        guard actual.count == expected.count else { return "sizes differ: \(actual.count) vs \(expected.count) bytes" }
        var i = 0
        while i < actual.count {
            let a = actual[i..<(i + 4)]
            let e = expected[i..<(i + 4)]
            if !(a.last == 0 && e.last == 0) && !a.elementsEqual(e) {
                let p = i / 4
                return "pixel (\(p % width), \(p / width)): got \(Array(a)), expected \(Array(e))"
            }
            i += 4
        }
        return nil
    }
}

typealias Comment = Testing.Comment
