import GifDecoding
import IndicatorKit

/// The "GIF" scene: the bundled spinner, played by the file's own timing, with its facts.
@MainActor
enum GifPlayerScene {
    static func make(_ context: SceneContext) -> Screen {
        do {
            let image = try AnimatedImage.spinner()
            return Screen(title: "GIF", content: GifPlayerView(image: image, name: "spinner.gif", context: context))
        } catch {
            return Screen(title: "GIF", content: MessageView(text: "The bundled spinner could not be loaded: \(error)"))
        }
    }
}

/// A line of text, for scenes that cannot show what they should.
@MainActor
final class MessageView: View {
    let text: String

    init(text: String) {
        self.text = text
    }

    func render(in rect: Rect, on canvas: inout Canvas) {
        canvas.draw(text.sanitizedForTerminal, at: Point(x: rect.x + 1, y: rect.y + 1), clip: rect)
    }
}
