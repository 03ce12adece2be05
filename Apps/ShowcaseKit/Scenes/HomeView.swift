import GifDecoding
import Indicator
import IndicatorKit
import PickerSelection

/// The "Home" scene, where the showcase opens: one line on what IndicatorKit is, and four
/// panels that play the kit's best moments at once — the pull-to-refresh GIF, spinners and
/// a progress bar, a loading overlay over a screen, photos chosen in order. A number or a
/// click on a panel opens its scene.
///
/// The panels run on one 9-second beat (``Beat``), so a look of a few seconds shows every
/// state; with reduced motion they hold one telling moment.
@MainActor
final class HomeView: View {
    /// What IndicatorKit is, in a sentence.
    static let intro =
        "IndicatorKit: spinners, progress bars, pull-to-refresh, loading overlays and an ordered photo picker "
        + "for Swift terminal apps."

    /// A panel: the scene it opens and its title.
    struct Panel: Equatable {
        let sceneID: String
        let title: String
    }

    /// The four panels, in reading order (left to right, top to bottom).
    static let panels = [
        Panel(sceneID: "refresh", title: "Pull to refresh"), Panel(sceneID: "spinners", title: "Spinners and progress"),
        Panel(sceneID: "loading", title: "Loading over the screen"), Panel(sceneID: "picker", title: "Photos chosen in order"),
    ]

    /// The photos of the picker's panel, and the order they are chosen in over a beat.
    static let photos: [(name: String, image: RGBAImage)] = [(0, 2), (1, 0), (2, 4), (0, 7)].map { album, index in
        (PhotoLibrary.sampleFilePrefixes[album] + "-0\(index + 1)", PhotoLibrary.sampleThumbnail(album: album, index: index))
    }
    static let choosingOrder = [1, 3, 0]

    private let context: SceneContext
    private let beat: FramePlayer
    private let gif: FramePlayer?
    private let spinners: [ActivityIndicator]
    private let overlaySpinner: ActivityIndicator
    private var panelRects: [(Rect, String)] = []
    private var photoCells: (style: ImageStyle, cells: [Canvas])?

    init(context: SceneContext) {
        self.context = context
        beat = FramePlayer(animation: Beat(), clock: context.scheduler)
        gif = (try? AnimatedImage.spinner()).map { FramePlayer(animation: $0, timing: .uniformOneSecond, clock: context.scheduler) }
        spinners = [SpinnerStyle.comet, .halfMoon].map {
            ActivityIndicator(animation: $0, hidesWhenStopped: false, reducedMotion: context.reducedMotion, clock: context.scheduler)
        }
        overlaySpinner = ActivityIndicator(
            animation: SpinnerStyle.orbit,
            label: "Loading…",
            hidesWhenStopped: false,
            reducedMotion: context.reducedMotion,
            clock: context.scheduler
        )
        for player in [beat] + [gif].compactMap({ $0 }) + (spinners + [overlaySpinner]).map(\.player) {
            player.sleepsWhenNotDrawn = true
            player.reducedMotion = context.reducedMotion
            player.onNeedsDisplay = context.setNeedsDisplay
            player.play()
        }
    }

    /// The beat's tenth of a second now: 0…89, or a moment with most to show under reduced motion.
    private var now: Int { context.reducedMotion ? 50 : beat.currentFrame }

    func render(in rect: Rect, on canvas: inout Canvas) {
        _ = beat.cells(fitting: .zero)  // counts as drawn: the beat keeps waking the scene
        panelRects = []
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        var y = area.y
        let intro = Self.intro.wrapped(toWidth: area.width)
        for (i, line) in intro.enumerated() where y < area.maxY {
            canvas.draw(line, at: Point(x: area.x, y: y), clip: area)
            if i == 0 { canvas.draw("IndicatorKit", at: Point(x: area.x, y: y), style: Style(attributes: .bold), clip: area) }
            y += 1
        }
        y += 1
        let footer = footerText()
        let room = area.maxY - y - 2  // a blank row and the footer below the panels
        let columns = area.width >= 50 ? 2 : 1
        let rowsWanted = columns == 2 ? 2 : 4
        // As tall as the room shares out, 20 rows at most (at 160×50 a cap of 10 left half the
        // screen empty); where that is under 5, as many whole panels of 5 rows as fit (a 65×19
        // window showed none).
        var panelHeight = min(20, room / rowsWanted)
        if panelHeight < 5, room >= 5 { panelHeight = 5 }
        if panelHeight >= 5 {
            let width = columns == 2 ? (area.width - 2) / 2 : area.width
            let rows = min(rowsWanted, room / panelHeight)
            for (i, panel) in Self.panels.enumerated() where i / columns < rows {
                let box = Rect(x: area.x + (i % columns) * (width + 2), y: y + (i / columns) * panelHeight, width: width, height: panelHeight)
                drawPanel(panel, index: i, in: box, on: &canvas)
            }
            y += rows * panelHeight + 1
        }
        for line in footer.wrapped(toWidth: area.width) where y < area.maxY {
            canvas.draw(line, at: Point(x: area.x, y: y), style: Style(attributes: .dim), clip: area)
            y += 1
        }
    }

    /// The scenes without a panel, by number, and how to open them.
    private func footerText() -> String {
        let shown = Set(Self.panels.map(\.sceneID))
        let others = SceneCatalog.all.enumerated().filter { $0.element.id != "home" && !shown.contains($0.element.id) }
        return "Also " + others.map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: " · ")
            + " — a number or a click opens a scene"
    }

    /// Where the scene `id` is among the tabs.
    private static func sceneIndex(_ id: String) -> Int? { SceneCatalog.all.firstIndex { $0.id == id } }

    private func drawPanel(_ panel: Panel, index: Int, in box: Rect, on canvas: inout Canvas) {
        let number = (Self.sceneIndex(panel.sceneID) ?? 0) + 1
        canvas.fill(box)
        canvas.drawBox(box, style: Style(foreground: .cyan), title: "\(number) \(panel.title)")
        panelRects.append((box, panel.sceneID))
        let inside = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        switch index {
        case 0: drawRefresh(in: inside, on: &canvas)
        case 1: drawProgress(in: inside, on: &canvas)
        case 2: drawOverlay(in: inside, on: &canvas)
        default: drawPhotos(in: inside, on: &canvas)
        }
    }

    private func drawRefresh(in rect: Rect, on canvas: inout Canvas) {
        // The GIF grows with a taller panel (two columns a row keep its proportions), half the width at most.
        let gifBox = Size(width: min(max(16, rect.height * 2), rect.width / 2), height: rect.height)
        if let gif {
            gif.imageStyle = ImageStyle(for: context.capabilities())
            let cells = gif.cells(fitting: gifBox)
            canvas.overlay(cells, at: Rect(origin: rect.origin, size: gifBox).centered(cells.size).origin)
        }
        let text = Rect(x: rect.x + gifBox.width + 2, y: rect.y, width: max(0, rect.width - gifBox.width - 2), height: rect.height)
        let lines = "The GIF follows your pull, then plays while the list refreshes.".wrapped(toWidth: max(1, text.width))
        for (i, line) in lines.enumerated() { canvas.draw(line, at: Point(x: text.x, y: text.y + i), clip: text) }
    }

    private func drawProgress(in rect: Rect, on canvas: inout Canvas) {
        let t = now
        let labels = ["Resolving packages", "Fetching 3 of 8"]
        for (i, spinner) in spinners.enumerated() where i < rect.height {
            let width = spinner.preferredSize.width
            spinner.render(in: Rect(x: rect.x, y: rect.y + i, width: width, height: 1), on: &canvas)
            canvas.draw(labels[i], at: Point(x: rect.x + width + 1, y: rect.y + i), clip: rect)
        }
        guard rect.height >= 4 else { return }
        // A download that eases in and out over six seconds, then holds at its end.
        let fraction = Easing.easeInOut(min(1, Double(t) / 60))
        let percent = Int(fraction * 100)  // 100% only when done
        let suffix = String(repeating: " ", count: 4 - String(percent).count) + "\(percent)%"
        let barWidth = max(4, rect.width - suffix.count - 1)
        let bar = ProgressStyle.BarGlyphs.smooth.render(fraction: fraction, width: barWidth)
        let row = Point(x: rect.x, y: rect.y + 3)
        let used = canvas.draw(bar.filled, at: row, style: Style(foreground: .green), clip: rect)
        canvas.draw(bar.empty, at: Point(x: row.x + used, y: row.y), style: Style(attributes: .dim), clip: rect)
        canvas.draw(suffix, at: Point(x: rect.x + barWidth + 1, y: row.y), clip: rect)
        let megabytes = fraction * 48
        let detail = t >= 60 ? "✓ 48.0 MiB in 6 s" : "\(Self.oneDecimal(megabytes)) of 48.0 MiB"
        if rect.height >= 5 { canvas.draw(detail, at: Point(x: rect.x, y: rect.y + 4), style: Style(attributes: .dim), clip: rect) }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private func drawOverlay(in rect: Rect, on canvas: inout Canvas) {
        // A screen of content, dimmed under a loading panel while the beat's second half runs.
        let caps = context.capabilities()
        for y in rect.y..<rect.maxY {
            let text = String(repeating: "░▒▓ content ", count: rect.width / 12 + 1)
            canvas.draw(text, at: Point(x: rect.x, y: y), style: Style(foreground: .blue), clip: rect)
        }
        guard now % 45 >= 10 else { return }  // loading from 1 s to 4.5 s of each half
        canvas.shade(rect, with: .rgb(0, 0, 0), opacity: caps.theme == .light ? 0.35 : 0.6, theme: caps.theme)
        let panel = rect.centered(Size(width: min(rect.width, 16), height: min(rect.height, 3)))
        canvas.fill(panel, with: Cell(" ", style: Style(background: caps.theme == .light ? .rgb(225, 225, 232) : .rgb(40, 40, 48))))
        let line = Rect(x: panel.x + 2, y: panel.y + panel.height / 2, width: max(0, panel.width - 3), height: 1)
        var spinner = Canvas(size: line.size)
        overlaySpinner.render(in: spinner.bounds, on: &spinner)
        canvas.overlay(spinner, at: line.origin)  // on the panel's colour
    }

    private func drawPhotos(in rect: Rect, on canvas: inout Canvas) {
        let style = ImageStyle(for: context.capabilities())
        // Four square photos across the panel (a cell is about twice as tall as wide), larger
        // in a taller panel.
        let across = max(5, min(max(10, (rect.height - 2) * 2), rect.width / 4 - 1))
        let cell = Size(width: across, height: max(2, min(rect.height - 2, (across + 1) / 2)))
        let pitch = cell.width + 1
        let chosen = Self.choosingOrder.enumerated().filter { now >= 15 + 20 * $0.offset && now < 80 }.map(\.element)
        if photoCells?.style != style || photoCells?.cells.first?.size != cell {
            photoCells = (style, Self.photos.map { style.rasterize($0.image, filling: cell) })
        }
        for (i, photo) in Self.photos.enumerated() {
            let origin = Point(x: rect.x + i * pitch, y: rect.y)
            guard origin.x + cell.width <= rect.maxX, rect.height >= cell.height + 1 else { break }
            if style.pixels {
                let cells = ImageLayout.cells(for: Size(width: photo.image.width, height: photo.image.height), in: cell, cellPixels: style.cellPixels)
                canvas.place(photo.image, key: 0x484F_4D45 &+ i, in: Rect(origin: origin, size: cells), clip: rect)
            } else if let cells = photoCells?.cells[i] {
                canvas.blit(cells, at: origin)
            }
            if let order = chosen.firstIndex(of: i) {
                canvas.draw(
                    " \(order + 1) ",
                    at: Point(x: origin.x, y: rect.y + cell.height),
                    style: Style(foreground: .rgb(255, 255, 255), background: .rgb(37, 99, 235), attributes: .bold),
                    clip: rect
                )
            }
        }
        if rect.height >= cell.height + 2 {
            let names = chosen.map { Self.photos[$0].name }
            let text = names.isEmpty ? "Space chooses them, in order" : "Chosen: " + names.joined(separator: ", ")
            canvas.draw(text.truncated(toWidth: rect.width), at: Point(x: rect.x, y: rect.y + cell.height + 1), style: Style(attributes: .dim), clip: rect)
        }
    }

    func handle(_ event: InputEvent) -> EventResult {
        guard case .mouse(let mouse) = event, mouse.action == .press, mouse.button == .left,
            let id = panelRects.first(where: { $0.0.contains(mouse.position) })?.1,
            let index = Self.sceneIndex(id),
            let tabs = context.root() as? TabContainer
        else { return .ignored }
        tabs.select(index)
        context.setNeedsDisplay()
        return .handled
    }

    /// The panels' clock: ninety tenths of a second, round and round.
    struct Beat: FrameAnimation {
        var frameCount: Int { 90 }
        var frameSize: FrameSize { .text(width: 0) }
        func duration(ofFrame index: Int) -> Duration { .milliseconds(100) }
        func frame(at index: Int) -> AnimationFrame { .text("") }
    }
}

extension HomeView: ExplainsKeys {
    var keyHints: [KeyHint] { [KeyHint("2…8", "open a scene"), KeyHint("click", "a panel opens its scene")] }
}
