import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Key")
struct KeyTests {
    static let roundTripKeys: [Key] = [
        .character("a"), .character("Z"), .character("1"), .character("f"), .character("F"), .character("q"),
        .character(" "), .character("-"), .character("漢"), .character("é"), .character("😀"),
        .control("c"), .control("a"), .control("z"),
        .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
        .enter, .tab, .backTab, .escape, .backspace, .delete, .insert,
        .function(1), .function(5), .function(12), .function(24),
        .alt("x"), .alt("-"), .modified(.up, .shift), .modified(.left, .control), .modified(.right, [.control, .alt]),
        .modified(.enter, .alt), .modified(.function(3), .shift),
    ]

    @Test("Key(name:) round-trips with description", arguments: roundTripKeys)
    func roundTrip(key: Key) {
        #expect(Key(name: key.description) == key)
    }

    @Test("Descriptions")
    func descriptions() {
        #expect(Key.character("a").description == "a")
        #expect(Key.character(" ").description == "space")
        #expect(Key.control("c").description == "ctrl-c")
        #expect(Key.up.description == "up")
        #expect(Key.pageUp.description == "pgup")
        #expect(Key.pageDown.description == "pgdn")
        #expect(Key.backTab.description == "shift-tab")
        #expect(Key.escape.description == "esc")
        #expect(Key.function(5).description == "f5")
        #expect(Key.character("\u{1B}").description == "\u{FFFD}")  // never an ESC in a description
        #expect(Key.alt("x").description == "alt-x")
        #expect(Key.modified(.up, [.shift, .control]).description == "ctrl-shift-up")
        #expect(Key(name: "meta-x") == .alt("x"))
        #expect(Key(name: "ctrl-c") == .control("c"), "Ctrl plus a letter stays a control chord")
    }

    @Test("Aliases and case-insensitive names")
    func aliases() {
        #expect(Key(name: "pageup") == .pageUp)
        #expect(Key(name: "pagedown") == .pageDown)
        #expect(Key(name: "return") == .enter)
        #expect(Key(name: "escape") == .escape)
        #expect(Key(name: "bs") == .backspace)
        #expect(Key(name: "del") == .delete)
        #expect(Key(name: "backtab") == .backTab)
        #expect(Key(name: "UP") == .up)
        #expect(Key(name: "Enter") == .enter)
        #expect(Key(name: "CTRL-C") == .control("c"))
        #expect(Key(name: "F5") == .function(5))
    }

    @Test("Bad names give nil", arguments: ["", "ctrl-", "ctrl-ab", "f0", "f25", "f-1", "fx", "hello", "up up", "ab"])
    func badNames(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test("A single f is the letter, not a function key")
    func letterF() {
        #expect(Key(name: "f") == .character("f"))
        #expect(Key(name: "F") == .character("F"))
    }
}
