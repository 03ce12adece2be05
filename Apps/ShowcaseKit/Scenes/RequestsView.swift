import Foundation
import GifDecoding
import IndicatorKit
import Loading
import LoadingNetworking

/// The "Requests" scene (document 003): requests to a JSON server with the activity
/// overlay around each one. Quick requests never flash it; overlapping ones keep it until
/// the last ends; with stopTouch on, the content beneath receives no input while it shows.
@MainActor
final class RequestsView: View {
    struct ItemList: Decodable, Sendable {
        struct Item: Decodable, Sendable {
            let id: Int
            let name: String
        }
        let items: [Item]
    }

    let center: LoadingCenter
    private let context: SceneContext
    private var client: APIClient?
    private lazy var buttons = makeButtons()
    private(set) var inputsReceived = 0
    private(set) var results: [String] = []
    /// The requests under way, by name, the ones without the indicator included.
    private(set) var running: [String] = []

    /// What the scene shows and what to watch, above the buttons.
    static let header =
        "Every request starts the indicator before it is sent and ends it after. "
        + "A request quicker than 0.5 s never flashes the overlay (only its result line appears); overlapping ones "
        + "keep it until the last ends; with stopTouch on, the content beneath gets no input while it shows."

    init(context: SceneContext) {
        self.context = context
        center = LoadingCenter(clock: context.scheduler)
        center.attachment = .window  // document 003 puts the overlay on the top-level window (B3.3)
        center.passingKeys.insert(.character("q"))  // the showcase's quit key, even under the overlay
        center.onNeedsDisplay = context.setNeedsDisplay
        center.reducedMotion = context.reducedMotion
        if let gif = try? AnimatedImage.spinner() {  // document 003's indicator: the project's GIF
            center.spinnerAnimation = gif
            center.spinnerTiming = .uniformOneSecond
        }
    }

    /// Letters, not digits: the digits always switch scenes.
    private func makeButtons() -> ButtonBar {
        ButtonBar([
            .init(key: "k", title: "Quick 0.2 s") { [unowned self] in self.send("quick", "/items?delay=0.2") },
            .init(key: "s", title: "Slow 2 s") { [unowned self] in self.send("slow", "/items?delay=2&count=5") },
            .init(key: "e", title: "Error 500") { [unowned self] in self.send("failing", "/items?delay=1&status=500") },
            .init(key: "o", title: "Three overlapping") { [unowned self] in
                self.send("first", "/items?delay=1")
                self.send("second", "/items?delay=2")
                self.send("third", "/items?delay=3")
            },
            .init(key: "n", title: "No indicator") { [unowned self] in self.send("quiet", "/items?delay=1", indicator: false) },
            .init(key: "f", title: "Full-screen/compact") { [unowned self] in
                self.center.presentation = self.center.presentation == .compact ? .fullScreen : .compact
            },
            .init(key: "t", title: "stopTouch on/off") { [unowned self] in self.center.stopTouch.toggle() },
        ])
    }

    private func api() -> APIClient? {
        if let client { return client }
        guard let network = context.network() else {
            results.insert("✗ no server could be started on 127.0.0.1", at: 0)
            return nil
        }
        let made = APIClient(baseURL: network.baseURL, http: network.http, loading: center)
        client = made
        retainedNetwork = network
        return made
    }

    private var retainedNetwork: SceneNetwork?

    private func send(_ name: String, _ path: String, indicator: Bool = true) {
        center.root = context.root()
        guard let api = api() else { return }
        let started = context.scheduler.now
        let shown = indicator ? name : "\(name) (no indicator)"
        running.append(shown)
        context.scheduler.startTask { @MainActor [weak self] in
            guard let self else { return }
            defer {
                if let index = self.running.firstIndex(of: shown) { self.running.remove(at: index) }
            }
            let line: String
            do {
                let list = try await api.request(path, as: ItemList.self, showsIndicator: indicator, label: "Request: \(name)")
                line = "✓ \(name): \(list.items.count) items"
            } catch {
                line = "✗ \(name): \(error)"
            }
            let seconds = (self.context.scheduler.now - started).seconds
            self.results.insert("\(self.context.timeOfDay())  \(line) (\(String(format: "%.1f", seconds)) s)", at: 0)
            self.context.setNeedsDisplay()
        }
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        center.imageStyle = ImageStyle(for: context.capabilities())  // the overlay shades what the terminal really shows
        let area = rect.inset(top: 1, left: 2, bottom: 0, right: 1)
        var y = area.y
        func write(_ text: String, _ style: Style) {
            for line in (text.displayWidth <= area.width ? [text] : text.wrapped(toWidth: area.width)) where y < area.maxY {
                canvas.draw(line, at: Point(x: area.x, y: y), style: style, clip: area)
                y += 1
            }
        }
        write("Requests to a JSON server, with the activity overlay", Style(attributes: .bold))
        let mode = center.presentation == .compact ? "compact" : "full-screen"
        let now = running.isEmpty ? "none running" : "running: " + running.joined(separator: ", ")
        write("mode \(mode) · stopTouch \(center.stopTouch ? "on" : "off") · content got \(inputsReceived) inputs", Style(foreground: .yellow))
        write(now, Style(foreground: .yellow))
        if area.height >= 16 { write(Self.header, Style(attributes: .dim)) }
        y += 1
        // On a short terminal the results come first: the keys are on the status line and under ?.
        if area.height >= 14 {
            y += buttons.render(in: Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y)), on: &canvas) + 1
        }
        write("Results", Style(attributes: .bold))
        for result in results where y < area.maxY {
            write(result.sanitizedForTerminal, result.contains("✗") ? Style(foreground: .red) : .plain)
        }
    }

    func handle(_ event: InputEvent) -> EventResult {
        if buttons.handle(event) { return .handled }
        switch event {
        case .key(.tab), .key(.backTab), .resize: return .ignored
        case .key(.character(let c)) where c.isNumber: return .ignored
        default:
            inputsReceived += 1
            return .handled
        }
    }
}

extension RequestsView: ExplainsKeys {
    var keyHints: [KeyHint] { buttons.keyHints }
}
