import TUICore
import Testing

/// TUICore, IndicatorKit's former name, still builds code written for it, for one release.
@MainActor
struct FormerNameTests {
    @available(*, deprecated, message: "reads the deprecated alias on purpose")
    @Test func codeThatImportsTUICoreFindsTheKitAndItsVersion() {
        var canvas = Canvas(size: Size(width: 5, height: 1))  // a type of ViewCore, through TUICore
        canvas.draw("hello", at: Point(x: 0, y: 0))
        #expect(canvas.lines == ["hello"])
        #expect(IndicatorKit.version.split(separator: ".").count == 3)
    }
}
