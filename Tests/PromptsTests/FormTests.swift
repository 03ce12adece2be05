import IndicatorKit
import Prompts
import TUIPilot
import Testing

/// huh's burger form, ported: two pages, every kind of field, answered by keys headless.
@MainActor
struct FormTests {
    @MainActor final class Order {
        let burger = SelectPrompt("Choose your burger", choices: ["Charmburger Classic", "Chickwich", "Fishburger", "Charmpossible™ Burger"])
        let toppings = ChoicePrompt("Toppings", choices: ["Lettuce", "Tomatoes", "Charm Sauce", "Jalapeños", "Cheese"], mode: .multiple(limit: 4))
        let name = TextPrompt("What's your name?") { $0.isEmpty ? "a name, please" : nil }
        let instructions = TextAreaPrompt("Special instructions?", placeholder: "Just put it in the mailbox please", rows: 3)
        let discount = ConfirmPrompt("Would you like 15% off?")
        lazy var form = Form(groups: [
            Form.Group(title: "Charmburger", description: "Welcome to Charmburger™.", burger, toppings),
            Form.Group(name, instructions, discount),
        ])
    }

    @Test func theBurgerFormIsAskedPageByPageAndLeavesItsAnswers() {
        let order = Order()
        order.toppings.description = "Choose up to 4."
        let pilot = Pilot(order.form, size: Size(width: 50, height: order.form.preferredHeight))
        #expect(
            pilot.trimmedLines.prefix(9) == [
                "Charmburger",
                "Welcome to Charmburger™.",
                "? Choose your burger",
                "› Charmburger Classic",
                "  Chickwich",
                "  Fishburger",
                "  Charmpossible™ Burger",
                "↑/↓ move • / filter • enter confirm • esc cancel",
                "? Toppings",
            ],
            "the first field asked whole, the next as its question: \(pilot.trimmedLines)"
        )
        pilot.press(.down, .enter)
        pilot.press(.character(" "), .down, .character(" "), .tab)  // Tab answers as Enter does
        #expect(order.burger.answer == "Chickwich" && order.toppings.answer == ["Lettuce", "Tomatoes"])
        #expect(
            pilot.trimmedLines.prefix(3) == ["✓ Choose your burger Chickwich", "✓ Toppings Lettuce, Tomatoes", "? What's your name?"],
            "\(pilot.trimmedLines)"
        )
        pilot.press(.enter)
        #expect(pilot.trimmedLines[3] == "  ✗ a name, please" && order.name.answer == nil, "validated: it stays: \(pilot.trimmedLines)")
        pilot.type("Glen")
        pilot.press(.enter)
        pilot.paste("No onions\nextra pickles")
        pilot.press(.backTab)  // back to the name, to change it
        #expect(order.name.answer == nil && order.instructions.answer == nil)
        pilot.type("da")
        pilot.press(.tab, .enter)  // the name again, then the instructions as they were typed
        #expect(order.name.answer == "Glenda" && order.instructions.answer == "No onions\nextra pickles")
        pilot.press(.character("n"), .enter)
        #expect(order.form.answer != nil && pilot.quitStatus == 0 && order.discount.answer == false)
        #expect(
            pilot.trimmedLines.prefix(6) == [
                "✓ Choose your burger Chickwich",
                "✓ Toppings Lettuce, Tomatoes",
                "✓ What's your name? Glenda",
                "✓ Special instructions? No onions … (2 lines)",
                "✓ Would you like 15% off? no",
                "",
            ],
            "the summary stays: \(pilot.trimmedLines)"
        )
    }

    @Test func escCancelsTheFormAndLeavesWhatWasAnswered() {
        let order = Order()
        let pilot = Pilot(order.form, size: Size(width: 50, height: order.form.preferredHeight))
        pilot.press(.enter, .escape)
        #expect(order.form.isCancelled && order.form.answer == nil && pilot.quitStatus == 1)
        #expect(pilot.trimmedLines.prefix(3) == ["✓ Choose your burger Charmburger Classic", "✗ Toppings cancelled", ""], "\(pilot.trimmedLines)")
    }

    @Test func whileAChoiceOfSeveralIsFilteredTabChoosesElseItGoesOn() {
        let order = Order()
        let pilot = Pilot(order.form, size: Size(width: 50, height: order.form.preferredHeight))
        pilot.press(.enter)  // the classic
        pilot.type("/che")
        pilot.press(.tab)  // cheese chosen, as the help line says
        #expect(order.toppings.selection.items == [4] && order.toppings.answer == nil)
        pilot.press(.escape, .up, .up, .up, .character(" "), .tab)  // the filter cleared, the focus kept; tomatoes too; Tab goes on
        #expect(order.toppings.answer == ["Cheese", "Tomatoes"] && order.form.focusedField === order.name)
    }

    @Test func aFormOfNoFieldsIsAnsweredAsItIsMadeAndAskingAnAnsweredPromptReturnsAtOnce() async throws {
        let empty = Form(groups: [Form.Group(fields: [])])
        #expect(empty.answer != nil)
        try await empty.ask(environment: ["TERM": "dumb"])  // no terminal needed: nothing to ask
        let confirm = ConfirmPrompt("Sure?")
        let pilot = Pilot(confirm, size: Size(width: 30, height: 1))
        pilot.press(.enter)
        #expect(try await confirm.ask(environment: ["TERM": "dumb"]) == true, "its answer, without asking again")
        #expect(try confirm.askBlocking(environment: ["TERM": "dumb"]) == true, "the blocking form too: nothing to wait for")
    }

    @Test func aFormGivesItsThemeToEveryField() {
        let order = Order()
        order.form.theme = .charm
        #expect(order.burger.theme == .charm && order.discount.theme == .charm && order.instructions.theme == .charm)
        let pilot = Pilot(order.form, size: Size(width: 50, height: order.form.preferredHeight))
        #expect(pilot.trimmedLines[2] == "┃ Choose your burger" && pilot.trimmedLines[3] == "> Charmburger Classic", "\(pilot.trimmedLines)")
    }
}
