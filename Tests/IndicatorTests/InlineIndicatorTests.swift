import Testing
import TUICore
@testable import Indicator

@MainActor
struct InlineIndicatorTests {
    @Test func offATerminalItWritesOneLineAtTheStartAndOneAtTheEnd() {
        let clock = VirtualScheduler()
        let log = RecordingLineOutput(isTerminal: false)
        let line = InlineIndicator(style: .comet, label: "Building", output: log, scheduler: clock, reducedMotion: false)
        line.start()
        clock.advance(by: .seconds(2))
        line.print("compiled 3 files")
        clock.advance(by: .milliseconds(250))
        line.finish(success: true)
        #expect(log.text == "Building…\ncompiled 3 files\n✓ Building (2.2 s)\n")
        #expect(clock.pendingCount == 0, "no frames are scheduled for a log")
    }

    @Test func onATerminalItRedrawsOnlyTheGlyphInPlace() {
        let clock = VirtualScheduler()
        let tty = RecordingLineOutput(isTerminal: true, columns: 40)
        let line = InlineIndicator(style: .comet, label: "Sync", output: tty, scheduler: clock, reducedMotion: false)
        line.start()
        #expect(tty.text == "\u{1B}[?25l\r\u{1B}[2K●∙∙∙ Sync")
        clock.advance(by: .milliseconds(110))
        #expect(tty.text.hasSuffix("\r∙●∙∙"))
        let before = tty.text.utf8.count
        clock.advance(by: .milliseconds(110))
        #expect(tty.text.utf8.count - before == "\r∙∙●∙".utf8.count, "one frame is a carriage return and the glyph")
        line.print("note")
        #expect(tty.text.hasSuffix("\r\u{1B}[2Knote\n\r\u{1B}[2K∙∙●∙ Sync"))
        clock.advance(by: .milliseconds(780))
        line.finish(success: false, detail: "exit 2")
        #expect(tty.text.hasSuffix("\r\u{1B}[2K✗ Sync (exit 2, 1.0 s)\n\u{1B}[?25h"))
        #expect(clock.pendingCount == 0)
        line.finish(success: true)  // a second finish writes nothing
        #expect(tty.text.hasSuffix("\u{1B}[?25h"))
    }

    @Test func aLongLabelIsCutToTheTerminalWidth() {
        let tty = RecordingLineOutput(isTerminal: true, columns: 12)
        let line = InlineIndicator(style: .ascii, label: "a very long label indeed", output: tty, scheduler: VirtualScheduler(), reducedMotion: false)
        line.start()
        #expect(tty.text.hasSuffix("| a very l…"))
    }

    @Test func reducedMotionDrawsTheStillGlyphOnce() {
        let clock = VirtualScheduler()
        let tty = RecordingLineOutput(isTerminal: true)
        let line = InlineIndicator(style: .comet, label: "Wait", output: tty, scheduler: clock, reducedMotion: true)
        line.start()
        clock.advance(by: .seconds(3))
        #expect(tty.text == "\u{1B}[?25l\r\u{1B}[2K●∙∙∙ Wait")
        #expect(clock.pendingCount == 0)
    }
}
