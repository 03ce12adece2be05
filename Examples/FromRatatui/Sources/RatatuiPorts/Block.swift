import Widgets

/// tui 0.19's `block` example: a rounded main block with a centred title round four blocks —
/// a green one with a two-colour title, one with a styled title at the right, one with all
/// borders and one with doubled cyan borders left and right. `q` quits.
@MainActor
public final class BlockExample: View {
    public init() {}

    public func render(in rect: Rect, on canvas: inout Canvas) {
        let main = Box(lines: .rounded)
        main.titles = [Box.Title("Main block with round corners", alignment: .center)]
        main.render(in: rect, on: &canvas)

        let (top, bottom) = Layout.vertical([.percentage(50), .percentage(50)], margin: .all(4)).split(rect).pair
        let (topLeft, topRight) = Layout.horizontal([.percentage(50), .percentage(50)]).split(top).pair
        let background = Box(lines: nil)
        background.titles = [Box.Title("\("With", style: Style(foreground: .yellow)) background")]
        background.style = Style(background: .green)
        background.render(in: topLeft, on: &canvas)
        let styledTitle = Box(lines: nil)
        styledTitle.titles = [
            Box.Title(StyledText("Styled title", style: Style(foreground: .brightWhite, background: .red, attributes: .bold)), alignment: .right)
        ]
        styledTitle.render(in: topRight, on: &canvas)

        let (bottomLeft, bottomRight) = Layout.horizontal([.percentage(50), .percentage(50)]).split(bottom).pair
        let bordered = Box(lines: .square)
        bordered.titles = [Box.Title("With borders")]
        bordered.render(in: bottomLeft, on: &canvas)
        let doubled = Box(lines: .double, borderStyle: Style(foreground: .cyan))
        doubled.sides = [.left, .right]
        doubled.titles = [Box.Title("With styled borders and doubled borders")]
        doubled.render(in: bottomRight, on: &canvas)
    }

    public func handle(_ event: InputEvent) -> EventResult { event == .key(.character("q")) ? .quit(status: 0) : .ignored }
}
