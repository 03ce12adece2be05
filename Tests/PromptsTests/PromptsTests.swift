import Foundation
import IndicatorKit
import Prompts
import TUIPilot
import TestSupport
import Testing

/// The prompts driven by keys, headless, as a user answers them.
@MainActor
struct PromptsTests {
    let fruit = ["apples", "pears", "plums", "cherries", "figs"]

    @Test func orderedChoiceNumbersWhatIsChosenAndRenumbersWhenOneIsTakenOut() {
        let prompt = ChoicePrompt("Fruit?", choices: fruit, mode: .multiple())
        let pilot = Pilot(prompt, size: Size(width: 50, height: prompt.preferredHeight))
        #expect(pilot.trimmedLines.first == "? Fruit? 0 chosen")
        pilot.press(.down, .down, .character(" "), .up, .character(" "), .up, .character(" "))
        #expect(Array(pilot.trimmedLines[1...5]) == ["› [3] apples", "  [2] pears", "  [1] plums", "  [ ] cherries", "  [ ] figs"])
        pilot.press(.down, .down, .character(" "))  // plums out: the others move up a number
        #expect(Array(pilot.trimmedLines[1...3]) == ["  [2] apples", "  [1] pears", "› [ ] plums"])
        pilot.press(.enter)
        #expect(pilot.quitStatus == 0)
        #expect(prompt.answer == ["pears", "apples"], "in the order chosen")
        #expect(pilot.trimmedLines == ["✓ Fruit? pears, apples", "", "", "", "", "", ""], "one line stays")
    }

    @Test func enterWithNothingChosenTakesTheFocusedChoiceAndEscCancels() {
        let many = ChoicePrompt("Fruit?", choices: fruit, mode: .multiple())
        let pilot = Pilot(many, size: Size(width: 40, height: 7))
        pilot.press(.down, .enter)
        #expect(many.answer == ["pears"] && pilot.quitStatus == 0)
        let cancelled = ChoicePrompt("Fruit?", choices: fruit)
        let other = Pilot(cancelled, size: Size(width: 40, height: 7))
        other.press(.down, .escape)
        #expect(cancelled.answer == nil && cancelled.isCancelled && other.quitStatus == 1)
        #expect(other.trimmedLines.first == "✗ Fruit? cancelled")
        other.press(.enter)
        #expect(cancelled.answer == nil, "a cancelled prompt takes no more keys")
    }

    @Test func theLimitIsSaidAndKept() {
        let prompt = ChoicePrompt("Two at most", choices: fruit, mode: .multiple(limit: 2))
        let pilot = Pilot(prompt, size: Size(width: 40, height: 7))
        pilot.press(.character(" "), .down, .character(" "), .down, .character(" "))
        #expect(prompt.selection.items == [0, 1])
        #expect(pilot.trimmedLines.first == "? Two at most at most 2")
        pilot.press(.down)
        #expect(pilot.trimmedLines.first == "? Two at most 2 chosen", "the notice goes at the next key")
    }

    @Test func slashFiltersAsOneTypesAndChosenStayChosenWhileHidden() {
        let prompt = ChoicePrompt("Fruit?", choices: fruit, mode: .multiple())
        let pilot = Pilot(prompt, size: Size(width: 40, height: 7))
        pilot.press(.character(" "))  // apples
        pilot.type("/P")
        #expect(prompt.shownIndices == [1, 2, 0], "pears and plums begin with p, so before apples: \(prompt.shownIndices)")
        // The count of those shown of all at the right, as fzf's.
        #expect(pilot.trimmedLines.first == "? Fruit? /P" + String(repeating: " ", count: 26) + "3/5" && pilot.terminal.cursor == Point(x: 11, y: 0))
        pilot.type("l")
        #expect(prompt.shownIndices == [2, 0] && Array(pilot.trimmedLines[1...2]) == ["› [ ] plums", "  [1] apples"], "\(pilot.trimmedLines)")
        pilot.press(.character(" "))  // a space while filtering is text: "Pl " matches none
        #expect(prompt.shownIndices.isEmpty && pilot.trimmedLines[1] == "  no choice matches “Pl ”", "\(pilot.trimmedLines)")
        pilot.press(.backspace, .tab)  // Tab chooses the focused plums while typing
        #expect(prompt.selection.items == [0, 2] && prompt.filter == "Pl")
        pilot.press(.escape)  // the filter cleared, everything back
        #expect(prompt.shownIndices == [0, 1, 2, 3, 4] && prompt.focusedChoice == "plums")
        pilot.press(.character(" "))  // typing done: a space chooses again (plums out)
        #expect(prompt.selection.items == [0])
        pilot.type("/pl")
        pilot.press(.tab, .enter)  // one Enter confirms from the filter, as gum's filter
        #expect(prompt.answer == ["apples", "plums"])
    }

    /// gum's filter: letters in order, not together; best first; the matched letters marked.
    @Test func theFilterIsFuzzyRanksTheBestFirstAndMarksTheMatchedLetters() {
        let berries = ["strawberry", "blueberry", "raspberry", "blackberry", "gooseberry", "bryony"]
        let prompt = ChoicePrompt("Berry?", choices: berries)
        prompt.startsFiltering = true  // as gum filter: typing at once
        let pilot = Pilot(prompt, size: Size(width: 40, height: 9))
        pilot.type("bry")
        #expect(prompt.shownIndices.first == 5, "bryony: the letters together, at the start")
        #expect(Set(prompt.shownIndices) == Set(0...5), "every berry holds b…r…y")
        pilot.press(.backspace, .backspace, .backspace)
        pilot.type("bbry")
        #expect(prompt.shownIndices == [1, 3], "only blueberry and blackberry hold two b's before r and y: \(prompt.shownIndices)")
        let screen = pilot.terminal.screen
        let underlined = (0..<screen.size.width).filter { screen[$0, 1].style.attributes.contains(.underline) }
        #expect(pilot.trimmedLines[1] == "› blueberry" && underlined == [2, 6, 9, 10], "b, b, then the r and y together, of blueberry: \(underlined)")
        pilot.press(.enter)
        #expect(prompt.answer == ["blueberry"])
    }

    /// A theme changes every part at once: marks, cursor, how a chosen choice shows.
    @Test func aThemeChangesTheMarksTheCursorAndTheChoiceMarks() {
        let prompt = ChoicePrompt("Toppings", choices: ["Lettuce", "Tomatoes", "Cheese"], mode: .multiple())
        prompt.theme = .charm
        prompt.description = "At most two."
        let pilot = Pilot(prompt, size: Size(width: 40, height: prompt.preferredHeight))
        pilot.press(.down, .character(" "))
        #expect(
            Array(pilot.trimmedLines[0...4]) == ["┃ Toppings 1 chosen", "  At most two.", "  • Lettuce", "> ✓ Tomatoes", "  • Cheese"],
            "\(pilot.trimmedLines)"
        )
        let confirm = ConfirmPrompt("Sure?")
        confirm.theme = .plain
        let other = Pilot(confirm, size: Size(width: 30, height: 1))
        let line = other.terminal.screen
        #expect((0..<line.size.width).allSatisfy { line[$0, 0].style.foreground == .default && line[$0, 0].style.background == .default }, "no colour at all")
    }

    @Test func oneEnterTakesTheFocusedChoiceFromTheFilter() {
        let prompt = ChoicePrompt("Fruit?", choices: fruit)
        let pilot = Pilot(prompt, size: Size(width: 40, height: 7))
        pilot.type("/ear")
        pilot.press(.enter)
        #expect(prompt.answer == ["pears"])
    }

    @Test func aLongListShowsAPageAndScrolls() {
        let numbers = (1...100).map { "item \($0)" }
        let prompt = ChoicePrompt("Which?", choices: numbers, pageSize: 5)
        #expect(prompt.preferredHeight == 7)
        let pilot = Pilot(prompt, size: Size(width: 30, height: 7))
        pilot.press(.end)
        #expect(pilot.trimmedLines[5].hasPrefix("› item 100"))
        pilot.press(.home, .pageDown)
        #expect(prompt.focusedChoice == "item 5")
    }

    @Test func aPreviewShowsTheFocusedChoiceBesideTheList() {
        final class Caption: View {
            let text: String
            init(_ text: String) { self.text = text }
            func render(in rect: Rect, on canvas: inout Canvas) { canvas.draw(text, at: rect.origin, clip: rect) }
        }
        let prompt = ChoicePrompt("Fruit?", choices: fruit)
        prompt.preview = { Caption("<\($0)>") }
        prompt.previewWidth = 10
        let pilot = Pilot(prompt, size: Size(width: 40, height: 7))
        pilot.press(.down)
        #expect(pilot.trimmedLines[1] == "  apples" + String(repeating: " ", count: 22) + "<pears>", "the preview in the last 10 columns")
    }

    @Test func aQuestionAndItsDescriptionKeepTheirOwnColours() {
        let red = Style(foreground: .red)
        let prompt = ConfirmPrompt("\("Delete", style: red) 3 files?", default: false)
        prompt.styledDescription = "from \("~/Downloads", style: Style(attributes: .underline))"
        #expect(prompt.title == "Delete 3 files?" && prompt.description == "from ~/Downloads", "their text, plain")
        let canvas = rendered(prompt, size: Size(width: 40, height: 2))
        #expect(canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["? Delete 3 files?  Yes   No  (y/N)", "from ~/Downloads"])
        #expect(canvas[2, 0].style.foreground == .red && canvas[2, 0].style.attributes.contains(.bold), "red over the theme's bold title")
        #expect(canvas[9, 0].style.foreground == .default, "the rest in the theme's title style")
        #expect(canvas[7, 1].style.attributes.contains(.underline) && canvas[2, 1].style.attributes.contains(.dim))
        let hostile = ChoicePrompt(StyledText("a\u{1B}[2Jb"), choices: ["x"])
        #expect(rendered(hostile, size: Size(width: 20, height: 3)).lines[0].hasPrefix("? a\u{FFFD}[2Jb"), "escapes in a styled title cannot move the cursor")
        let variable = "Name?"
        #expect(TextPrompt(variable).title == "Name?" && SelectPrompt(variable, choices: ["a"]).styledTitle == "Name?")
    }

    @Test func yesOrNo() {
        let prompt = ConfirmPrompt("Delete 3 files?", default: false)
        let pilot = Pilot(prompt, size: Size(width: 40, height: 1))
        #expect(pilot.trimmedLines == ["? Delete 3 files?  Yes   No  (y/N)"])
        pilot.press(.enter)
        #expect(prompt.answer == false && pilot.trimmedLines == ["✓ Delete 3 files? no"])
        let typed = ConfirmPrompt("Go on?")
        let other = Pilot(typed, size: Size(width: 40, height: 1))
        other.press(.left)
        #expect(typed.answer == nil && typed.current == false, "an arrow chooses")
        other.press(.character("y"))
        #expect(typed.answer == true && other.quitStatus == 0, "y answers at once, as huh's Confirm does")
        let refused = ConfirmPrompt("Go on?")
        let third = Pilot(refused, size: Size(width: 40, height: 1))
        third.press(.character("N"))
        #expect(refused.answer == false && third.quitStatus == 0 && third.trimmedLines == ["✓ Go on? no"])
    }

    @Test func aPasteTheTerminalCutIsTakenBackWholeAndSaid() {
        let prompt = TextPrompt("Key:", text: "id-")
        let pilot = Pilot(prompt, size: Size(width: 60, height: 3))
        pilot.paste("AAAA")  // the start of a paste the terminal cut
        pilot.send(.pasteCut(droppedBytes: 12))
        #expect(prompt.text == "id-", "nothing of the cut paste kept")
        #expect(pilot.trimmedLines[0] == "? Key: id-")
        #expect(pilot.trimmedLines[1] == "  ✗ paste too long (12 bytes over the limit): nothing pasted")
        pilot.paste("xyz")
        #expect(prompt.text == "id-xyz" && prompt.problem == nil, "a whole paste is taken, and the note goes")
        let area = TextAreaPrompt("Notes:", rows: 3)
        let areaPilot = Pilot(area, size: Size(width: 80, height: 6))
        areaPilot.type("kept")
        areaPilot.paste("line one\nline two")
        areaPilot.send(.pasteCut(droppedBytes: 3))
        #expect(area.text == "kept", "the area takes the cut paste back too")
        #expect(areaPilot.text.contains("✗ paste too long (3 bytes over the limit): nothing pasted"))
    }

    /// As gum's `write`: Ctrl-J (and Alt-Enter) make a new line, Ctrl-D finishes; elsewhere
    /// Ctrl-J is Enter.
    @Test func ctrlJMakesANewLineInATextAreaAndIsEnterElsewhere() {
        let area = TextAreaPrompt("Notes:", rows: 3)
        let pilot = Pilot(area, size: Size(width: 40, height: 6))
        pilot.type("one")
        pilot.press(.control("j"))
        pilot.type("two")
        pilot.press(.modified(.enter, .alt))
        pilot.type("three")
        #expect(area.text == "one\ntwo\nthree" && area.answer == nil)
        pilot.press(.control("d"))
        #expect(area.answer == "one\ntwo\nthree" && pilot.quitStatus == 0, "Ctrl-D finishes")
        let name = TextPrompt("Name?")
        let other = Pilot(name, size: Size(width: 40, height: 2))
        other.type("Bob")
        other.press(.control("j"))
        #expect(name.answer == "Bob" && other.quitStatus == 0, "a line feed answers a one-line question, as Enter")
    }

    @Test func textIsValidatedBeforeItIsTaken() {
        let prompt = TextPrompt("Port:", text: "80a") { Int($0) == nil ? "a number, please" : nil }
        let pilot = Pilot(prompt, size: Size(width: 30, height: 2))
        pilot.press(.enter)
        #expect(prompt.answer == nil && pilot.quitStatus == nil && pilot.trimmedLines == ["? Port: 80a", "  ✗ a number, please"])
        #expect(pilot.terminal.cursor == Point(x: 11, y: 0))
        pilot.press(.backspace)
        #expect(pilot.trimmedLines == ["? Port: 80", ""], "the problem goes once the text changes")
        pilot.press(.enter)
        #expect(prompt.answer == "80" && pilot.trimmedLines == ["✓ Port: 80", ""])
    }

    @Test func aMaskedAnswerStaysMasked() {
        let prompt = TextPrompt("Password:", echo: .masked("*"))
        let pilot = Pilot(prompt, size: Size(width: 30, height: 2))
        pilot.paste("hunter2")
        pilot.press(.enter)
        #expect(prompt.answer == "hunter2" && pilot.trimmedLines[0] == "✓ Password: *******")
    }

    @Test func withoutATerminalAskingSaysWhatToDo() async {
        // The tests' standard input is no terminal, and the environment names none either.
        await #expect(throws: PromptError.self) { try await ConfirmPrompt("Sure?").ask(environment: ["TERM": "dumb"]) }
    }

    @Test func theBlockingFormRefusesWhereItWouldHoldTheMainActorAndNamesTheAsyncForm() {
        // A test runs its main actor on a worker thread, as an async `main` does: nothing here
        // could serve the main queue while the blocking form waited.
        #expect(throws: PromptError.noTerminal(.wouldBlockMainActor(asyncForm: "try await prompt.ask()"))) {
            try ConfirmPrompt("Sure?").askBlocking(environment: ["TERM": "xterm-256color"])
        }
    }
}

/// The filter as it is typed: a key that adds to it searches only what it matched before;
/// whatever is typed, erased or marked, what shows is what the whole filter ranks.
@MainActor
struct IncrementalFilterTests {
    @Test func typingErasingAndMarksShowWhatTheWholeFilterRanks() {
        var generator = SeededGenerator(seed: 9)
        let words = [
            "apple", "Apricot", "banana", "blueberry", "café", "cafe\u{301}", "cherry", "date", "élan", "fig", "grape", "lime", "mango", "papaya", "pear",
        ]
        let keys: [Key] = [
            .character("a"), .character("p"), .character("e"), .character("r"), .character("y"), .character("\u{301}"), .character("c"), .character("É"),
            .backspace,
        ]
        for round in 0..<40 {
            let prompt = ChoicePrompt("Fruit", choices: words, label: { $0 })
            prompt.startsFiltering = true
            let pilot = Pilot(prompt, size: Size(width: 30, height: 12))
            for step in 0..<12 {
                pilot.press(keys[Int.random(in: 0..<keys.count, using: &generator)])
                let whole = prompt.filter.isEmpty ? Array(words.indices) : FuzzyMatch.ranked(prompt.filter, in: words).map(\.index)
                #expect(prompt.shownIndices == whole, "round \(round), step \(step): filter \(prompt.filter.debugDescription)")
            }
        }
    }
}
