import DemoRecording
import Testing

/// VHS's tape language, read and checked before anything runs.
struct TapeTests {
    @Test func everyCommandIsRead() throws {
        let tape = try Tape.parse(
            """
            # A demo of the spinner.
            Output demo.gif
            Output demo.cast
            Require showcase
            Set Shell "bash"
            Set FontSize 22
            Set Width 1200
            Set Height 600
            Set Padding 20
            Set Theme "Catppuccin Mocha"
            Set TypingSpeed 75ms
            Set Framerate 30
            Set PlaybackSpeed 0.5
            Set LoopOffset 50%
            Set CursorBlink false
            Set WaitTimeout 10s
            Set WaitPattern /\\$ $/
            Env GREETING "hello there"

            Type "echo hello"   # typed a character at a time
            Type@20ms 'fast' "and more"
            Enter
            Backspace@100ms 3
            Ctrl+C
            Ctrl+Alt+Delete
            Alt+.
            Shift+Tab
            Sleep 500ms
            Sleep 2
            Wait
            Wait+Screen@5s /Working/
            Hide
            Show
            Screenshot shot.png
            Copy "pasted text"
            Paste
            Source other.tape
            """
        )
        #expect(
            tape.commands.map(\.action) == [
                .output("demo.gif"), .output("demo.cast"), .require("showcase"),
                .set(.shell("bash")), .set(.fontSize(22)), .set(.width(1200)), .set(.height(600)), .set(.padding(20)),
                .set(.theme("Catppuccin Mocha")), .set(.typingSpeed(.milliseconds(75))), .set(.framerate(30)),
                .set(.playbackSpeed(0.5)), .set(.loopOffset(50, percent: true)), .set(.cursorBlink(false)),
                .set(.waitTimeout(.seconds(10))), .set(.waitPattern("\\$ $")), .environment("GREETING", "hello there"),
                .type("echo hello", speed: nil), .type("fast and more", speed: .milliseconds(20)), .press(.enter, speed: nil, count: 1),
                .press(.backspace, speed: .milliseconds(100), count: 3), .press(.control("C", alt: false, shift: false), speed: nil, count: 1),
                .press(.control("Delete", alt: true, shift: false), speed: nil, count: 1), .press(.alt("."), speed: nil, count: 1),
                .press(.shift("Tab"), speed: nil, count: 1), .sleep(.milliseconds(500)), .sleep(.seconds(2)),
                .wait(.line, pattern: nil, timeout: nil), .wait(.screen, pattern: "Working", timeout: .seconds(5)),
                .hide, .show, .screenshot("shot.png"), .copy("pasted text"), .paste, .source("other.tape"),
            ]
        )
        #expect(tape.commands.first?.line == 2 && tape.commands.last?.line == 37, "each command keeps its line")
    }

    @Test func anErrorNamesItsLineAndColumn() throws {
        func failure(_ text: String) -> Tape.ParseError? {
            do {
                _ = try Tape.parse(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("Type \"hello\nEnter")?.description == "line 1, column 6: a string that starts here is not closed with \"")
        #expect(failure("Enter\nJump 3")?.description.hasPrefix("line 2, column 1: `Jump` is not a command of the tape language") == true)
        #expect(failure("Set FontSize huge")?.description == "line 1, column 14: `Set FontSize` takes a number from 4 to 200, not `huge`")
        #expect(failure("Sleep 5 hours")?.description.hasPrefix("line 1, column 9: `hours` is not a command") == true)
        #expect(
            try Tape.parse("Sleep .3 Tab Sleep .3\nType \"a\" Ctrl+C").commands.map(\.action) == [
                .sleep(.milliseconds(300)), .press(.tab, speed: nil, count: 1), .sleep(.milliseconds(300)),
                .type("a", speed: nil), .press(.control("C", alt: false, shift: false), speed: nil, count: 1),
            ],
            "several commands to a line, as VHS reads them"
        )
        #expect(failure("Sleep 5h")?.description == "line 1, column 7: `h` is not a unit of time: ms, s or m")
        #expect(failure("Set Colour red")?.line == 1)
        #expect(failure("Type Enter")?.description == "line 1, column 6: `Type` takes quoted text: Type \"echo hello\"")
        #expect(try Tape.parse("Type o").commands.first?.action == .type("o", speed: nil), "a bare word is text, as VHS reads it")
        #expect(failure("Wait+Page /x/")?.column == 6)
        #expect(failure("Enter 99999999999999999999")?.message.hasPrefix("`Enter` takes a count from 1 to 10000") == true)
    }
}
