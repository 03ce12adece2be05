import Widgets

/// tui 0.19's `user_input` example: a help line, an input box and the messages entered. `e`
/// starts editing (the input turns yellow and the cursor stands after it), Enter records the
/// message, Backspace deletes, Esc stops editing; `q` quits when not editing.
@MainActor
public final class UserInputExample: View {
    /// Whether keys type into the input.
    public private(set) var isEditing = false
    /// What has been typed.
    public private(set) var input = ""
    /// The messages recorded, oldest first.
    public private(set) var messages: [String] = []

    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let (helpArea, inputArea, messagesArea) = Layout.vertical([.length(1), .length(3), .min(1)], margin: .all(2)).split(rect).triple
        let bold = Style(attributes: .bold)
        let help: StyledText =
            isEditing
            ? "Press \("Esc", style: bold) to stop editing, \("Enter", style: bold) to record the message"
            : "Press \("q", style: bold) to exit, \("e", style: bold) to start editing."
        Paragraph(help).render(in: helpArea, on: &canvas)

        let field = Paragraph(StyledText(input), style: isEditing ? Style(foreground: .yellow) : .plain)
        Box(field, titles: [Box.Title("Input")], lines: .square).render(in: inputArea, on: &canvas)
        if isEditing {
            // The cursor after the text, on the line inside the border.
            canvas.cursor = Point(x: inputArea.x + 1 + input.displayWidth, y: inputArea.y + 1)
        }

        let list = Paragraph(StyledText(messages.enumerated().map { "\($0.offset): \($0.element)" }.joined(separator: "\n")))
        Box(list, titles: [Box.Title("Messages")], lines: .square).render(in: messagesArea, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult {
        guard case .key(let key) = event else { return .ignored }
        switch (isEditing, key) {
        case (false, .character("e")): isEditing = true
        case (false, .character("q")): return .quit(status: 0)
        case (true, .enter):
            messages.append(input)
            input = ""
        case (true, .character(let character)): input.append(character)
        case (true, .backspace): _ = input.popLast()
        case (true, .escape): isEditing = false
        default: return .ignored
        }
        return .handled
    }
}
