import Foundation
import TUICore
import Testing

@testable import NcursesTerminal

#if canImport(Glibc)
import Glibc
#endif

struct ColorDepthDetectorTests {
    @Test func noColorWinsWhenNonEmpty() {
        #expect(ColorDepthDetector.detect(colors: 256, directColorFlag: true, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorDepthDetector.detect(colors: 256, directColorFlag: false, environment: ["NO_COLOR": ""]) == .palette256)
    }

    @Test func terminfoCountsDecide() {
        #expect(ColorDepthDetector.detect(colors: 0, directColorFlag: false, environment: [:]) == .none)
        #expect(ColorDepthDetector.detect(colors: 8, directColorFlag: false, environment: [:]) == .ansi16)
        #expect(ColorDepthDetector.detect(colors: 16, directColorFlag: false, environment: [:]) == .ansi16)
        #expect(ColorDepthDetector.detect(colors: 256, directColorFlag: false, environment: [:]) == .palette256)
        #expect(ColorDepthDetector.detect(colors: 16_777_216, directColorFlag: true, environment: [:]) == .trueColor)
    }

    @Test func colortermRunsNcursesWithTheDirectColourSiblingWhenThereIsOne() {
        let known: Set = ["xterm-direct", "tmux-direct"]
        func name(_ term: String, _ env: [String: String]) -> String { ColorDepthDetector.terminfoName(for: term, environment: env) { known.contains($0) } }
        #expect(name("xterm-256color", ["COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(name("tmux-256color", ["COLORTERM": "24bit"]) == "tmux-direct")
        #expect(name("xterm", ["COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(name("screen-256color", ["COLORTERM": "truecolor"]) == "screen-256color", "no sibling: as it is")
        #expect(name("xterm-256color", [:]) == "xterm-256color", "no COLORTERM: as it is")
        #expect(name("xterm-256color", ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == "xterm-256color")
        #expect(name("xterm-direct", ["COLORTERM": "truecolor"]) == "xterm-direct")
    }

    @Test func kittyAndOtherXtermNamedTerminalsGetTheirDirectEntries() {
        let known: Set = ["xterm-direct", "kitty-direct"]
        func name(_ term: String) -> String { ColorDepthDetector.terminfoName(for: term, environment: ["COLORTERM": "truecolor"]) { known.contains($0) } }
        #expect(name("xterm-kitty") == "kitty-direct", "kitty sets TERM=xterm-kitty; terminfo has kitty-direct")
        #expect(name("xterm-ghostty") == "xterm-direct", "another xterm-like terminal: xterm's direct entry")
        #expect(name("kitty") == "kitty-direct")
        #expect(name("screen-256color") == "screen-256color", "another family keeps its keys and 256 colours")
    }

    @Test func colortermNeedsADirectColourTerminfo() {
        #expect(ColorDepthDetector.detect(colors: 256, directColorFlag: false, environment: ["COLORTERM": "truecolor"]) == .palette256)
        #expect(ColorDepthDetector.detect(colors: 16_777_216, directColorFlag: false, environment: ["COLORTERM": "24bit"]) == .trueColor)
    }
}

struct ColorPairTableTests {
    @Test func allocatesOnDemandAndResetsWhenFull() {
        var table = ColorPairTable(capacity: 3)  // pairs 1 and 2 usable
        #expect(table.pair(foreground: -1, background: -1) == .existing(0))
        #expect(table.pair(foreground: 1, background: -1) == .new(1))
        #expect(table.pair(foreground: 1, background: -1) == .existing(1))
        #expect(table.pair(foreground: 2, background: 3) == .new(2))
        #expect(table.pair(foreground: 4, background: 4) == .exhausted)
        #expect(table.resets == 1)
        #expect(table.pair(foreground: 4, background: 4) == .new(1))
    }
}

struct InputDecoderTests {
    @Test func controlBytesBecomeNamedKeys() {
        #expect(InputDecoder.character(0x0D) == .key(.enter))
        #expect(InputDecoder.character(0x09) == .key(.tab))
        #expect(InputDecoder.character(0x1B) == .key(.escape))
        #expect(InputDecoder.character(0x7F) == .key(.backspace))
        #expect(InputDecoder.character(0x03) == .key(.control("c")))
        #expect(InputDecoder.character(0x41) == .key(.character("A")))
        #expect(InputDecoder.character(0x00) == nil)
        #expect(InputDecoder.character(0xD800) == nil)
    }
}

struct PasteAssemblerTests {
    func chars(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    @Test func theTerminalsBackgroundAnswerIsRead() {
        let st = "\u{1B}\\"
        let da = "\u{1B}[?62;22c"
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:0000/0000/0000\(st)\(da)".utf8)) == .init(theme: .dark, otherBytes: [], background: RGBA(0, 0, 0)))
        #expect(
            BackgroundQuery.parse(Array("\u{1B}]11;rgb:ff/ff/ee\u{07}\(da)".utf8)) == .init(theme: .light, otherBytes: [], background: RGBA(255, 255, 238)),
            "BEL ends it too; two hex digits"
        )
        #expect(BackgroundQuery.color(ofColorSpec: "rgb:1111/1111/1111") == RGBA(17, 17, 17), "the colour itself, for a sixel's background")
        #expect(
            BackgroundQuery.parse(Array("a\(da)b".utf8)) == .init(theme: nil, otherBytes: Array("ab".utf8)),
            "no OSC 11 answer: only the keys typed are left"
        )
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:1/2\(st)".utf8)).theme == nil, "a malformed colour says nothing")
        #expect(BackgroundQuery.containsDeviceAttributes(Array(da.utf8)))
        #expect(!BackgroundQuery.containsDeviceAttributes(Array("\u{1B}[?62;22".utf8)))
    }

    @Test func onADirectColourTerminalRGBBlackIsNeverSentAsTheANSIColourBoldBrightens() {
        // xterm-direct's setaf sends numbers below 8 as ANSI colours, which bold makes bright.
        #expect(NcursesTerminal.colorNumber(.rgb(0, 0, 0), directColor: true, colorCount: 1 << 24).0 == 8)
        #expect(NcursesTerminal.colorNumber(.rgb(0, 0, 5), directColor: true, colorCount: 1 << 24).0 == 8)
        #expect(NcursesTerminal.colorNumber(.rgb(1, 2, 3), directColor: true, colorCount: 1 << 24).0 == 0x010203)
        #expect(NcursesTerminal.colorNumber(.ansi(1), directColor: true, colorCount: 1 << 24).0 == 1, "an ANSI colour asked for stays one")
        #expect(NcursesTerminal.colorNumber(.palette(16), directColor: false, colorCount: 256).0 == 16)
    }

    @Test func theWidthsAskedAreWrittenAtTheLinesStartAndReadFromTheCursorReports() {
        let request = String(decoding: BackgroundQuery.request(measuring: ["漢字", "❤️"]), as: UTF8.self)
        #expect(request.contains("\r漢字\u{1B}[6n\r❤️\u{1B}[6n\r\u{1B}[K"), "each at the line's start, the line erased after")
        #expect(request.hasSuffix("\u{1B}[c"), "DA1 still last")
        var bytes = Array("x\u{1B}[12;5Ry\u{1B}[12;2R\u{1B}[1;5A".utf8)
        #expect(BackgroundQuery.takeCursorColumns(from: &bytes) == [5, 2])
        #expect(bytes == Array("xy\u{1B}[1;5A".utf8), "the keys typed meanwhile stay, in order")
    }

    /// A terminal on the other side of a pseudo-terminal that answers as one would: the
    /// cursor at column 1 + the cells of what was written since the last carriage return.
    @Test func aTerminalsAnswersGiveTheWidthsItDrew() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let texts = ["A", "漢字", "❤️"]
        // A thread of its own (not a task: the pool may be busy with the suite's other tests
        // while `ask` blocks this one).
        let primary = pty.primary
        let responder = Thread {
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            // Waits for the whole request (it ends with DA1), then answers the way a terminal
            // that draws ❤️ in one cell would.
            while !String(decoding: seen, as: UTF8.self).hasSuffix("\u{1B}[c") {
                var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 5000) > 0 else { return }
                let n = read(primary, &buffer, buffer.count)
                guard n > 0 else { return }
                seen += buffer[0..<n]
            }
            let answer = "\u{1B}[3;2R\u{1B}[3;5R\u{1B}[3;2R\u{1B}[?62;4c"
            _ = write(primary, answer, answer.utf8.count)
        }
        responder.start()
        let answer = BackgroundQuery.ask(input: pty.secondary, output: pty.secondary, measuring: texts, timeout: .seconds(5))
        #expect(answer.widths == [1, 4, 1])
        #expect(answer.graphics?.sixel == true, "the rest of the round trip still read")
        #expect(answer.otherBytes.isEmpty)
    }

    @Test func escThenAKeyIsAltWithItAndALoneEscStaysEsc() {
        #expect(InputDecoder.joiningAlt([.key(.escape), .key(.character("x"))]) == [.key(.alt("x"))])
        #expect(InputDecoder.joiningAlt([.key(.escape), .key(.modified(.up, .shift))]) == [.key(.modified(.up, [.shift, .alt]))])
        #expect(InputDecoder.joiningAlt([.key(.escape)]) == [.key(.escape)])
        #expect(InputDecoder.joiningAlt([.key(.escape), .key(.escape), .key(.character("q"))]) == [.key(.escape), .key(.alt("q"))])
        #expect(InputDecoder.joiningAlt([.key(.escape), .paste("x")]) == [.key(.escape), .paste("x")])
    }

    @Test func aBracketedPasteBecomesOneEvent() {
        var assembler = PasteAssembler()
        let events = [.key(.escape)] + chars("[200~hi") + [.key(.enter), .key(.tab)] + chars("x") + [.key(.escape)] + chars("[201~")
        #expect(assembler.feed(events) == [.paste("hi\n\tx")])
    }

    @Test func aPasteMaySpanBatchesAndOtherInputPassesThrough() {
        var assembler = PasteAssembler()
        #expect(assembler.feed(chars("a") + [.key(.escape)] + chars("[200~one ")) == [.key(.character("a"))])
        #expect(assembler.feed(chars("two") + [.key(.escape)] + chars("[201~") + chars("b")) == [.paste("one two"), .key(.character("b"))])
    }

    @Test func escapeAndOtherSequencesAreNotEaten() {
        var assembler = PasteAssembler()
        #expect(assembler.feed([.key(.escape)]) == [.key(.escape)])
        #expect(assembler.feed([.key(.escape)] + chars("[2x")) == [.key(.escape)] + chars("[2x"))
        #expect(assembler.feed([.key(.escape), .key(.escape)]) == [.key(.escape), .key(.escape)])
    }

    @Test func aFalseEndMarkerStaysText() {
        var assembler = PasteAssembler()
        let events = [.key(.escape)] + chars("[200~a") + [.key(.escape)] + chars("[20z") + [.key(.escape)] + chars("[201~")
        #expect(assembler.feed(events) == [.paste("a[20z")])
    }
}

/// The terminal's answers never reach a view as keys, however late they come.
struct AnswerFilterTests {
    /// The events ncurses hands over for `text`: Esc, BEL and the rest as keys.
    func events(_ text: String) -> [InputEvent] {
        text.map { c -> InputEvent in
            switch c {
            case "\u{1B}": .key(.escape)
            case "\u{07}": .key(.control("g"))
            default: .key(.character(c))
            }
        }
    }

    @Test(arguments: [
        "\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\", "\u{1B}]11;rgb:0/0/0\u{07}", "\u{1B}]4;1;rgb:cd/00/00\u{1B}\\",
        "\u{1B}[?62;22c", "\u{1B}[>1;4000;29c", "\u{1B}[?2026;2$y", "\u{1B}[?1;0;256S", "\u{1B}[?31u",
        "\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}P1$r0;1m\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\",
        "\u{1B}[4;600;800t", "\u{1B}[6;16;8t", "\u{1B}[8;24;80t",
    ])
    func anAnswerIsTakenOutAndTheKeysAroundItKept(answer: String) {
        var filter = AnswerFilter()
        #expect(filter.feed(events("a" + answer + "q")) == events("aq"), "\(answer.debugDescription)")
    }

    @Test func anAnswerMaySpanBatches() {
        var filter = AnswerFilter()
        #expect(filter.feed(events("1\u{1B}]11;rgb:ff")) == events("1"))
        #expect(filter.feed(events("ff/ffff/ffff\u{1B}")) == [])
        #expect(filter.feed(events("\\2\u{1B}[?62")) == events("2"))
        #expect(filter.feed(events(";22c3")) == events("3"))
    }

    @Test func keysThatLookAlikeStayKeys() {
        var filter = AnswerFilter()
        #expect(filter.feed(events("\u{1B}")) == events("\u{1B}"), "a lone Esc")
        #expect(filter.feed(events("\u{1B}]")) == events("\u{1B}]"), "Alt-] at the end of a batch")
        #expect(filter.feed(events("\u{1B}]x\u{1B}[a\u{1B}Px\u{1B}_x")) == events("\u{1B}]x\u{1B}[a\u{1B}Px\u{1B}_x"))
        #expect(filter.feed(events("\u{1B}[2x\u{1B}[1;5P")) == events("\u{1B}[2x\u{1B}[1;5P"), "keys ncurses did not know")
        #expect(filter.feed(events("\u{1B}\u{1B}q")) == events("\u{1B}\u{1B}q"))
        #expect(filter.feed([.key(.escape), .key(.up)]) == [.key(.escape), .key(.up)])
    }

    @Test func anAnswerThatNeverEndsIsDroppedAtTheLimit() {
        var filter = AnswerFilter()
        let start = events("\u{1B}]11;")
        let x = InputEvent.key(.character("x"))
        let endless = start + Array(repeating: x, count: AnswerFilter.limit)
        #expect(filter.feed(endless + events("q")) == Array(repeating: x, count: start.count) + events("q"), "no more than the limit is taken")
    }
}

struct ColorPairTableFreezeTests {
    @Test func aFullTableIsKeptWhenItMayNotBeReset() {
        var table = ColorPairTable(capacity: 2)  // one usable pair
        #expect(table.pair(foreground: 1, background: 2) == .new(1))
        #expect(table.pair(foreground: 3, background: 4, mayReset: false) == .existing(0))
        #expect(table.pair(foreground: 1, background: 2, mayReset: false) == .existing(1), "pair 1 still means 1/2")
        #expect(table.resets == 0)
    }
}

/// With sixels on screen, ncurses is given the terminal's description without the
/// capabilities it scrolls regions or clears to a line's end with.
struct NoScrollTerminfoTests {
    @Test func theDerivedDescriptionLeavesOutScrollingAndKeepsTheRest() throws {
        let source = """
            #	Reconstructed via infocmp from file: /lib/terminfo/x/xterm-256color
            xterm-256color|xterm with 256 colors,
            \tam, bce, colors#0x100, cols#80,
            \tcsr=\\E[%i%p1%d;%p2%dr, cup=\\E[%i%p1%d;%p2%dH, dl=\\E[%p1%dM,
            \tel=\\E[K, ind=\\n, ri=\\EM, setaf=\\E[38;5;%p1%dm,
            """
        let derived = try #require(NoScrollTerminfo.derived(from: source, name: "ik-noscroll1-xterm-256color"))
        #expect(derived.hasPrefix("ik-noscroll1-xterm-256color|xterm with 256 colors,\n"))
        for gone in ["csr=", "dl=", "el=", "ind=", "ri="] { #expect(!derived.contains(gone), "\(gone) left out") }
        for kept in ["am,", "colors#0x100", "cup=", "setaf="] { #expect(derived.contains(kept), "\(kept) kept") }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tic") && FileManager.default.isExecutableFile(atPath: "/usr/bin/infocmp")))
    func theSystemsTicCompilesItAndItHasNoScrollingLeft() throws {
        let made = try #require(NoScrollTerminfo.prepare("xterm-256color"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/infocmp")
        process.arguments = ["-x", made.name]
        process.environment = ["TERMINFO": made.folder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "infocmp reads it back")
        #expect(listing.contains("cup=") && !listing.contains("csr=") && !listing.contains(" el="))
    }
}
