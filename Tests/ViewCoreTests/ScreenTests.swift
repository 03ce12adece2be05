import IndicatorKit
import TestSupport
import Testing

@testable import ViewCore

@MainActor
@Suite("Screen: overlays, presentation and input routing")
struct ScreenTests {
    // MARK: - Overlays

    @Test("addOverlay is idempotent")
    func addOverlayIdempotent() {
        let screen = Screen(title: "S")
        let overlay = ProbeView("ov")
        screen.addOverlay(overlay)
        screen.addOverlay(overlay)
        #expect(screen.overlays.count == 1)
        #expect(screen.hasOverlay(overlay))

        var canvas = Canvas(size: Size(width: 4, height: 1))
        screen.render(in: canvas.bounds, on: &canvas)
        #expect(overlay.renderedRects == [canvas.bounds])  // drawn once, not twice
    }

    @Test("Distinct overlays stack in order of addition")
    func overlayOrder() {
        let screen = Screen(title: "S")
        let a = ProbeView("aaaa")
        let b = ProbeView("bb")
        screen.addOverlay(a)
        screen.addOverlay(b)
        #expect(screen.overlays.count == 2)
        #expect(screen.overlays[0] === a)
        #expect(screen.overlays[1] === b)
        var canvas = Canvas(size: Size(width: 5, height: 1))
        screen.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["bbaa "])  // the last added is drawn on top
    }

    @Test("removeOverlay removes only that view and reports whether it was there")
    func removeOverlay() {
        let screen = Screen(title: "S")
        let a = ProbeView("a")
        let b = ProbeView("b")
        let stranger = ProbeView("c")
        screen.addOverlay(a)
        screen.addOverlay(b)
        #expect(screen.removeOverlay(a))
        #expect(!screen.hasOverlay(a))
        #expect(screen.hasOverlay(b))
        #expect(screen.overlays.count == 1)
        #expect(!screen.removeOverlay(a))
        #expect(!screen.removeOverlay(stranger))
        #expect(screen.removeOverlay(b))
        #expect(screen.overlays.isEmpty)
        // Removed overlays no longer draw.
        var canvas = Canvas(size: Size(width: 3, height: 1))
        screen.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["   "])
    }

    @Test("Input goes to the top overlay first, then lower overlays, then the content")
    func overlayInputOrder() {
        var log: [String] = []
        let content = ProbeView("content") { event in
            log.append("content \(event)")
            return false
        }
        let lower = ProbeView("lower") { event in
            log.append("lower \(event)")
            return event == .key(.character("l"))
        }
        let upper = ProbeView("upper") { event in
            log.append("upper \(event)")
            return event == .key(.character("u"))
        }
        let screen = Screen(title: "S", content: content)
        screen.addOverlay(lower)
        screen.addOverlay(upper)

        #expect(screen.handle(.key(.character("u"))) == .handled)
        #expect(log == ["upper key u"])

        log.removeAll()
        #expect(screen.handle(.key(.character("l"))) == .handled)
        #expect(log == ["upper key l", "lower key l"])

        log.removeAll()
        #expect(screen.handle(.key(.character("x"))) == .ignored)
        #expect(log == ["upper key x", "lower key x", "content key x"])

        log.removeAll()
        screen.removeOverlay(upper)
        #expect(screen.handle(.key(.character("u"))) == .ignored)
        #expect(log == ["lower key u", "content key u"])
    }

    @Test("A screen without content ignores input")
    func noContent() {
        let screen = Screen(title: "Empty")
        #expect(screen.handle(.key(.enter)) == .ignored)
        var canvas = Canvas(size: Size(width: 2, height: 1))
        screen.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["  "])
    }

    // MARK: - Presentation

    @Test("present sets the presenter; presenting again replaces the old screen")
    func presentReplaces() {
        let base = Screen(title: "Base")
        let first = Screen(title: "First")
        let second = Screen(title: "Second")
        base.present(first)
        #expect(base.presented === first)
        #expect(first.presenter === base)
        base.present(second)
        #expect(base.presented === second)
        #expect(second.presenter === base)
        #expect(first.presenter == nil)
        base.dismissPresented()
        #expect(base.presented == nil)
        #expect(second.presenter == nil)
        base.dismissPresented()  // nothing to dismiss
        #expect(base.presented == nil)
    }

    /// What lies around a presented sheet is dimmed by its own colours: the terminal's
    /// background stays the terminal's (black on a white terminal read as a heavy frame).
    @Test func aPresentedSheetDimsTheColoursAroundItButNotTheTerminalsBackground() {
        final class Bar: View {
            func render(in rect: Rect, on canvas: inout Canvas) {
                canvas.draw("text", at: Point(x: 0, y: 1))
                canvas.fill(Rect(x: 0, y: 0, width: rect.width, height: 1), with: Cell(" ", style: Style(background: .rgb(0, 0, 200))))
            }
        }
        let base = Screen(title: "Base", content: Bar())
        base.present(Screen(title: "Sheet"))
        var canvas = Canvas(size: Size(width: 8, height: 4))
        base.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["        ", "        ", "        ", "        "], "no text around the sheet")
        #expect(canvas[0, 0].style.background == .rgb(0, 0, 100), "the bar's own blue, darkened")
        #expect(canvas[0, 1].style.background == .default && canvas[0, 3].style.background == .default, "the terminal's background, as it is")
    }

    @Test("A presented screen gets input first and keeps it from the screens beneath")
    func presentedInput() {
        let content = ProbeView("content") { _ in true }
        let overlay = ProbeView("overlay") { _ in true }
        let base = Screen(title: "Base", content: content)
        base.addOverlay(overlay)
        let sheetContent = ProbeView("sheet") { $0 == .key(.enter) }
        let sheet = Screen(title: "Sheet", content: sheetContent)
        base.present(sheet)

        #expect(base.handle(.key(.enter)) == .handled)
        #expect(base.handle(.key(.character("x"))) == .handled)  // modal: swallowed
        #expect(sheetContent.received == [.key(.enter), .key(.character("x"))])
        #expect(content.received.isEmpty)
        #expect(overlay.received.isEmpty)
        #expect(base.presented === sheet)
    }

    @Test("Escape not used by the presented screen dismisses it")
    func escapeDismisses() {
        let content = ProbeView("content")
        let base = Screen(title: "Base", content: content)
        base.present(Screen(title: "Sheet"))
        #expect(base.handle(.key(.escape)) == .handled)
        #expect(base.presented == nil)
        #expect(content.received.isEmpty)
        // Now input reaches the content again.
        #expect(base.handle(.key(.escape)) == .ignored)
        #expect(content.received == [.key(.escape)])
    }

    @Test("Escape used by the presented screen does not dismiss it")
    func escapeUsedBySheet() {
        let base = Screen(title: "Base")
        let sheet = Screen(title: "Sheet", content: ProbeView { $0 == .key(.escape) })
        base.present(sheet)
        #expect(base.handle(.key(.escape)) == .handled)
        #expect(base.presented === sheet)
    }

    @Test("Escape dismisses only the innermost presented screen")
    func escapeInnermost() {
        let base = Screen(title: "Base")
        let sheet = Screen(title: "Sheet")
        let alert = Screen(title: "Alert")
        base.present(sheet)
        sheet.present(alert)
        _ = base.handle(.key(.escape))
        #expect(sheet.presented == nil)
        #expect(base.presented === sheet)
        _ = base.handle(.key(.escape))
        #expect(base.presented == nil)
    }

    // MARK: - Rendering

    @Test("Content, then overlays, then a presented sheet over a shaded screen")
    func renderLayers() {
        let base = Screen(title: "Base", content: ProbeView("hello"))
        base.addOverlay(ProbeView("HE"))
        var canvas = Canvas(size: Size(width: 10, height: 5))
        base.render(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["HEllo     ", "          ", "          ", "          ", "          "])
        #expect(canvas[0, 0].style == .plain)

        let sheetContent = ProbeView("modal text")
        base.present(Screen(title: "Sheet", content: sheetContent))
        canvas = Canvas(size: Size(width: 10, height: 5))
        base.render(in: canvas.bounds, on: &canvas)
        // Outside the sheet only the screen's colours show, its own shaded towards black (its
        // text would be cut by the sheet's edges), the terminal's background as it is. The
        // sheet itself is plain.
        #expect(canvas.lines == ["          ", "  modal   ", "          ", "          ", "          "])
        #expect(sheetContent.renderedRects == [Rect(x: 2, y: 1, width: 6, height: 3)])
        #expect(canvas[0, 0].style == .plain)
        #expect(canvas[9, 4].style == .plain)
        #expect(canvas[3, 2].style == .plain)
    }
}
