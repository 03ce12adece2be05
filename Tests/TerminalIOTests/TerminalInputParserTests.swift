import IndicatorKit
import Testing

@testable import TerminalIO

/// The bytes a terminal sends, turned into events, whatever the cuts between batches.
struct TerminalInputParserTests {
    func parse(_ text: String) -> [InputEvent] {
        var parser = TerminalInputParser()
        return parser.feed(Array(text.utf8)) + parser.flush()
    }

    func chars(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// Every cut of `text` into two batches gives the same events as one batch.
    func expectSameWhereverCut(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let whole = parse(text)
        for cut in 0...bytes.count {
            var parser = TerminalInputParser()
            let events = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...]) + parser.flush()
            #expect(events == whole, "cut at \(cut) of \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func textAndControlBytesBecomeKeys() {
        #expect(parse("a한") == chars("a한"))
        #expect(
            parse("\r\n\t\u{7F}\u{08}\u{03}") == [.key(.enter), .key(.control("j")), .key(.tab), .key(.backspace), .key(.backspace), .key(.control("c"))],
            "a line feed is Ctrl-J (the host makes it Enter for a view that does not take it)"
        )
        #expect(parse("\u{00}\u{1C}x") == chars("x"), "bytes of no key are dropped")
        #expect(parse(String(decoding: [0xFF, 0x41], as: UTF8.self)) == [.key(.character("\u{FFFD}")), .key(.character("A"))])
        var parser = TerminalInputParser()
        #expect(parser.feed([0xC3, 0x28]) == [.key(.character("\u{FFFD}")), .key(.character("("))], "an invalid byte is one replacement")
        #expect(parser.feed([0xF0, 0x9F]) == [] && parser.isHoldingPartialSequence)
        #expect(parser.feed([0x98, 0x80]) == chars("😀"), "a character cut between batches is joined")
    }

    @Test func keySequencesOfTheXtermFamily() {
        #expect(parse("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}OD") == [.key(.up), .key(.down), .key(.right), .key(.left)])
        #expect(parse("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.key(.home), .key(.end), .key(.home), .key(.end)])
        #expect(parse("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.key(.insert), .key(.delete), .key(.pageUp), .key(.pageDown), .key(.backTab)])
        #expect(parse("\u{1B}OP\u{1B}[15~\u{1B}[24~\u{1B}[[A") == [.key(.function(1)), .key(.function(5)), .key(.function(12)), .key(.function(1))])
        #expect(
            parse("\u{1B}[1;2A\u{1B}[1;5D\u{1B}[1;3C\u{1B}[3;5~\u{1B}[1;5P") == [
                .key(.modified(.up, .shift)), .key(.modified(.left, .control)), .key(.modified(.right, .alt)),
                .key(.modified(.delete, .control)), .key(.modified(.function(1), .control)),
            ]
        )
        #expect(
            parse("\u{1B}[a\u{1B}Od\u{1B}[3$") == [.key(.modified(.up, .shift)), .key(.modified(.left, .control)), .key(.modified(.delete, .shift))],
            "rxvt's"
        )
        #expect(parse("\u{1B}OM\u{1B}Op\u{1B}Ok") == [.key(.enter), .key(.character("0")), .key(.character("+"))], "the keypad")
    }

    @Test func escThenAKeyIsAltWithItAndALoneEscStaysEsc() {
        #expect(parse("\u{1B}x") == [.key(.alt("x"))])
        #expect(parse("\u{1B}\u{1B}[1;2A") == [.key(.modified(.up, [.shift, .alt]))])
        #expect(parse("\u{1B}") == [.key(.escape)])
        #expect(parse("\u{1B}\u{1B}q") == [.key(.escape), .key(.alt("q"))])
        #expect(parse("\u{1B}\u{1B}[200~x\u{1B}[201~") == [.key(.escape), .paste("x")], "Esc, then a paste: read once, as a paste")
        #expect(
            parse("\u{1B}\u{1B}[<0;2;2M\u{1B}[<0;2;2m") == [
                .key(.escape), .mouse(MouseEvent(.press, at: Point(x: 1, y: 1))), .mouse(MouseEvent(.release, at: Point(x: 1, y: 1))),
            ]
        )
        #expect(parse("\u{1B}\u{7F}") == [.key(.modified(.backspace, .alt))])
        #expect(parse("\u{1B}[") == [.key(.alt("["))], "Alt-[ typed by hand, once nothing more came")
        #expect(parse("\u{1B}]x") == [.key(.alt("]")), .key(.character("x"))], "Alt-] then x: no answer starts so")
    }

    @Test func anEscCutFromItsSequenceWaitsForTheRestUntilFlushed() {
        var parser = TerminalInputParser()
        #expect(parser.feed([0x1B]) == [] && parser.isHoldingPartialSequence)
        #expect(parser.feed(Array("[1;5".utf8)) == [])
        #expect(parser.feed(Array("A".utf8)) == [.key(.modified(.up, .control))])
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.flush() == [.key(.escape)], "the Esc delay passed: a lone Esc")
        #expect(!parser.isHoldingPartialSequence)
    }

    @Test(arguments: [
        "\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\", "\u{1B}]11;rgb:0/0/0\u{07}", "\u{1B}]4;1;rgb:cd/00/00\u{1B}\\",
        "\u{1B}[?62;22c", "\u{1B}[>1;4000;29c", "\u{1B}[?2026;2$y", "\u{1B}[?1;0;256S", "\u{1B}[?31u",
        "\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}P1$r0;1m\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\",
        "\u{1B}[4;600;800t", "\u{1B}[6;16;8t", "\u{1B}[8;24;80t", "\u{1B}[12;5R", "\u{1B}[1;2R", "\u{1B}[I", "\u{1B}[O",
        "\u{1B}[99;99;99;99X",
    ])
    func anAnswerIsTakenOutAndTheKeysAroundItKept(answer: String) {
        #expect(parse("a" + answer + "q") == chars("aq"), "\(answer.debugDescription)")
        expectSameWhereverCut("a" + answer + "q")
    }

    @Test func aHugeAnswerIsSkippedToItsEndAndNoneOfItIsReadAsKeys() {
        var parser = TerminalInputParser()
        let huge = Array("\u{1B}]11;rgb:".utf8) + Array(repeating: UInt8(ascii: "0"), count: 1 << 20) + [0x07]
        var events: [InputEvent] = []
        let input = huge + Array("q".utf8)
        for start in stride(from: 0, to: input.count, by: 4096) { events += parser.feed(input[start..<min(start + 4096, input.count)]) }
        #expect(events == [.key(.character("q"))], "a megabyte of background colour is no megabyte of keys")
    }

    @Test(arguments: ["\r", "\u{03}", "\u{1B}[A"])
    func anAnswerThatNeverEndsEndsAtTheFirstKeyThatCannotBePartOfIt(key: String) {
        var parser = TerminalInputParser()
        _ = parser.feed(Array("\u{1B}]11;rgb:0000/0000".utf8))
        #expect(parser.feed(Array(key.utf8)) + parser.flush() == parse(key), "Enter, Ctrl-C, an arrow: read as keys")
        #expect(parser.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func mouseReportsInSGRAndX10() {
        #expect(
            parse("\u{1B}[<0;5;3M\u{1B}[<32;6;4M\u{1B}[<0;6;4m\u{1B}[<65;2;2M\u{1B}[<35;9;9M") == [
                .mouse(MouseEvent(.press, button: .left, at: Point(x: 4, y: 2))),
                .mouse(MouseEvent(.drag, button: .left, at: Point(x: 5, y: 3))),
                .mouse(MouseEvent(.release, button: .left, at: Point(x: 5, y: 3))),
                .mouse(MouseEvent(.wheelDown, button: .none, at: Point(x: 1, y: 1))),
                .mouse(MouseEvent(.move, button: .none, at: Point(x: 8, y: 8))),
            ]
        )
        let x10: [UInt8] = [0x1B, 0x5B, 0x4D, 34, 43, 37, 0x1B, 0x5B, 0x4D, 35, 43, 37]  // right button at 10, 4, then released
        var parser = TerminalInputParser()
        #expect(
            parser.feed(x10) == [
                .mouse(MouseEvent(.press, button: .right, at: Point(x: 10, y: 4))), .mouse(MouseEvent(.release, button: .right, at: Point(x: 10, y: 4))),
            ]
        )
        #expect(parse("\u{1B}[<0;99999999999;1M") == [], "a number too long is no report")
    }

    @Test func aBracketedPasteIsOneEventWithItsLineEndsAsNewlines() {
        #expect(parse("\u{1B}[200~héllo 漢\rworld\r\n\tx\u{1B}[201~q") == [.paste("héllo 漢\nworld\n\tx"), .key(.character("q"))])
        #expect(parse("\u{1B}[200~a\u{1B}[20zb\u{1B}[201~") == [.paste("a[20zb")], "a false end marker stays text, its Esc dropped")
        #expect(parse("\u{1B}[200~\u{1B}[A\u{1B}]11;x\u{1B}[201~") == [.paste("[A]11;x")], "nothing in a paste is a key or an answer")
        var parser = TerminalInputParser()
        let invalid = Array("\u{1B}[200~a".utf8) + [0xFF, 0xFE, 0xC3] + Array("b\u{1B}[201~".utf8)
        #expect(parser.feed(invalid) == [.paste("ab")], "bytes that are not UTF-8 are left out, never made longer")
        expectSameWhereverCut("1\u{1B}[200~one two\u{1B}[201~2")
    }

    @Test func aPasteLongerThanTheLimitIsCutAndSaysHowMuchWasDropped() {
        var parser = TerminalInputParser()
        let limit = TerminalInputParser.pasteLimit
        var events = parser.feed(Array("\u{1B}[200~".utf8))
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<(limit / block.count + 3) { events += parser.feed(block) }
        events += parser.feed(Array("é\u{1B}[201~q".utf8))
        #expect(events == [.paste(String(repeating: "a", count: limit)), .pasteCut(droppedBytes: 3 * block.count + 2), .key(.character("q"))])
    }

    @Test func aPasteWhoseEndNeverComesIsEndedOnRequest() {
        var parser = TerminalInputParser()
        #expect(parser.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(parser.isInPaste && !parser.isHoldingPartialSequence, "a paste waits for its end, not for the Esc delay")
        #expect(parser.endPaste() == [.paste("abc")])
        #expect(parser.feed(Array("q".utf8)) == chars("q"))
        // Cut short where an end marker may have begun: that start is read as keys after it.
        #expect(parser.feed(Array("\u{1B}[200~de\u{1B}[20".utf8)) == [])
        #expect(parser.endPaste() == [.paste("de")])
        #expect(parser.isHoldingPartialSequence)
        #expect(parser.flush() == [.key(.alt("["))] + chars("20"))
        #expect(!parser.isHoldingPartialSequence && !parser.isInPaste)
    }

    @Test func anyBytesGiveEventsAndHoldLittle() {
        // Random bytes, rich in Esc and sequence bytes, cut anywhere: never more than one
        // sequence held, and every flushed parser holds nothing.
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("\u{1B}[]O;0123456789<>?~MmPR_G\\\u{07}abc".utf8) + [0x80, 0xC3, 0xE2, 0xF0, 0x00, 0x7F]
        for _ in 0..<200 {
            var parser = TerminalInputParser()
            for _ in 0..<20 {
                let batch = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                _ = parser.feed(batch)
            }
            _ = parser.flush()
            #expect(!parser.isHoldingPartialSequence)
        }
    }
}
