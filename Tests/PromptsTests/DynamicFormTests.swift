import Foundation
import IndicatorKit
import KitSupport
import TUIPilot
import Testing

@testable import Prompts

/// huh's dynamic forms: titles, descriptions, choices and visibility that follow earlier
/// answers; a note; the accessible mode.
@MainActor
struct DynamicFormTests {
    /// huh's `dynamic-country` example: the state's question and choices follow the country.
    @MainActor final class Address {
        static let states = [
            "Canada": ["Alberta", "British Columbia", "Ontario"],
            "Mexico": ["Jalisco", "Yucatán"],
            "United States": ["California", "New York", "Texas"],
        ]
        let country = SelectPrompt("Country", choices: ["Canada", "Mexico", "United States"])
        let state = SelectPrompt("State", choices: [String]())
        let note = NotePrompt("Thanks", description: "We ship *everywhere*.")
        lazy var form = Form(country, state, note)

        init() {
            state.dynamicTitle = { [country] in country.answer == "Canada" ? "Province" : "State" }
            state.dynamicDescription = { [country] in "in \(country.answer ?? "your country")" }
            state.dynamicChoices = { [country] in Self.states[country.answer ?? ""] ?? [] }
        }
    }

    @Test func aFieldsTitleAndChoicesFollowTheAnswerBeforeIt() {
        let address = Address()
        let pilot = Pilot(address.form, size: Size(width: 40, height: 12))
        #expect(pilot.trimmedLines.contains("? State"), "before an answer: \(pilot.trimmedLines)")
        pilot.press(.enter)  // Canada
        #expect(address.country.answer == "Canada")
        #expect(
            Array(pilot.trimmedLines.prefix(6)) == [
                "✓ Country Canada", "? Province", "  in Canada", "› Alberta", "  British Columbia", "  Ontario",
            ],
            "\(pilot.trimmedLines)"
        )
        pilot.press(.backTab)  // back to the country: Mexico instead
        pilot.press(.down, .enter)
        #expect(address.country.answer == "Mexico")
        #expect(Array(pilot.trimmedLines.prefix(5)) == ["✓ Country Mexico", "? State", "  in Mexico", "› Jalisco", "  Yucatán"], "\(pilot.trimmedLines)")
        pilot.press(.down, .enter)
        #expect(address.state.answer == "Yucatán")
        #expect(pilot.trimmedLines.contains("Thanks") && pilot.trimmedLines.contains("We ship everywhere."), "the note: \(pilot.trimmedLines)")
        pilot.press(.enter)
        #expect(address.form.answer != nil && pilot.quitStatus == 0)
    }

    @Test func aHiddenFieldOrPageIsSkippedBothWays() {
        let delivery = ConfirmPrompt("Delivery?")
        let street = TextPrompt("Street")
        let tip = TextPrompt("Tip")
        let form = Form(groups: [
            Form.Group(delivery, street),
            Form.Group(fields: [tip], hidden: { delivery.answer == false }),
        ])
        form.hide(street) { delivery.answer != true }
        let pilot = Pilot(form, size: Size(width: 40, height: 8))
        #expect(!pilot.trimmedLines.contains("? Street"), "hidden until delivery is answered yes: \(pilot.trimmedLines)")
        pilot.press(.character("n"))
        #expect(form.answer != nil && street.answer == nil && tip.answer == nil, "no: the street and the tip's page skipped")
        let again = ConfirmPrompt("Delivery?")
        let road = TextPrompt("Street")
        let second = Form(again, road)
        second.hide(road) { again.answer != true }
        let other = Pilot(second, size: Size(width: 40, height: 8))
        other.press(.character("y"))
        #expect(other.trimmedLines.contains { $0.hasPrefix("? Street") } && second.answer == nil, "yes: the street is asked")
        other.type("Main St")
        other.press(.enter)
        #expect(road.answer == "Main St" && second.answer != nil)
    }

    @Test func theAccessibleModeAsksInPlainNumberedLines() async throws {
        let address = Address()
        let name = TextPrompt("Name") { $0.isEmpty ? "a name, please" : nil }
        let sure = ConfirmPrompt("Sure?", default: false)
        let form = Form(address.country, address.state, name, sure)
        let answers = Locked(["4", "1", "2", "", "Ada", "yes"])
        let written = Locked("")
        let lines = AccessibleLines(
            write: { text in written.withLock { $0 += text } },
            read: { answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        )
        try await form.askAccessibly(lines: lines)
        #expect(address.country.answer == "Canada" && address.state.answer == "British Columbia" && name.answer == "Ada" && sure.answer == true)
        #expect(
            written.withLock { $0 } == """
                1. Country
                  1. Canada
                  2. Mexico
                  3. United States
                Number of your choice (1-3): Type a number from 1 to 3.
                1. Country
                  1. Canada
                  2. Mexico
                  3. United States
                Number of your choice (1-3): 2. Province (in Canada)
                  1. Alberta
                  2. British Columbia
                  3. Ontario
                Number of your choice (1-3): 3. Name: ✗ a name, please
                3. Name: 4. Sure? (y/N): 
                """
        )
        let cancelled = TextPrompt("Name")
        await #expect(throws: PromptError.cancelled) {
            try await cancelled.askAccessibly(lines: AccessibleLines(write: { _ in }, read: { nil }))
        }
        #expect(
            AccessibleMode.isOn(environment: ["ACCESSIBLE": "1"]) && !AccessibleMode.isOn(environment: ["ACCESSIBLE": "0"])
                && !AccessibleMode.isOn(environment: [:])
        )
    }
}

@MainActor
struct ValidationAsTypedTests {
    @Test func aTextValidatedAsTypedSaysWhatIsWrongAtOnce() {
        let port = TextPrompt("Port") { Int($0).map { (1...65535).contains($0) } == true ? nil : "a port, 1 to 65535" }
        port.validatesAsTyped = true
        let pilot = Pilot(port, size: Size(width: 30, height: 3))
        pilot.type("8x")
        #expect(pilot.trimmedLines == ["? Port 8x", "  ✗ a port, 1 to 65535", ""], "\(pilot.trimmedLines)")
        pilot.press(.backspace)
        #expect(pilot.trimmedLines == ["? Port 8", "", ""], "put right: gone")
        pilot.press(.enter)
        #expect(port.answer == "8")
    }
}

@MainActor
struct FilePickerPromptTests {
    @Test func aFileIsChosenInAForm() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("inner/b.gif"))
        try Data("y".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let picture = FilePickerPrompt("Which picture?", directory: folder.path, extensions: ["gif"], rows: 3)
        let form = Form(picture)
        let pilot = Pilot(form, size: Size(width: 50, height: form.preferredHeight))
        #expect(pilot.trimmedLines.prefix(3).last?.hasSuffix("inner/") == true, "folders, and only .gif files: \(pilot.trimmedLines)")
        #expect(!pilot.trimmedLines.contains { $0.contains("notes.txt") })
        pilot.press(.right, .enter)
        #expect(picture.answer == folder.appendingPathComponent("inner/b.gif").standardizedFileURL.path && form.answer != nil, "\(pilot.trimmedLines)")
        #expect(pilot.trimmedLines.first?.hasPrefix("✓ Which picture? /") == true)
    }
}

@MainActor
struct TextAreaKeysTests {
    @Test func enterCanWriteALineBreakAndCtrlDFinish() {
        let notes = TextAreaPrompt("Notes", rows: 3)
        notes.enterMakesNewLine = true
        notes.showsLineNumbers = true
        let pilot = Pilot(notes, size: Size(width: 40, height: notes.preferredHeight))
        pilot.type("one")
        pilot.press(.enter)
        pilot.type("two")
        #expect(notes.answer == nil && pilot.trimmedLines.prefix(3) == ["? Notes", "  1 one", "  2 two"], "\(pilot.trimmedLines)")
        #expect(pilot.trimmedLines.last == "  enter new line • ctrl-d/alt-enter done")
        pilot.press(.control("d"))
        #expect(notes.answer == "one\ntwo")
    }
}
