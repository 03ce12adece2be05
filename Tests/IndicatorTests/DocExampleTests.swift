import Foundation
import GifDecoding
import Indicator
import IndicatorKit
import TerminalIO
import Testing

/// The examples of docs/Indicator.md, compiled and run as written.
@MainActor
struct DocExampleTests {
    // B1.1 B1.3
    @Test("B1.1, B1.3: the examples draw a spinner, the wand images with a label below, and a GIF")
    func theViewExamples() throws {
        let scheduler = VirtualScheduler()
        let terminal = HeadlessTerminal(size: Size(width: 20, height: 8))

        let spinner = ActivityIndicator(animation: SpinnerStyle.comet, label: "Loading", clock: scheduler)
        let host = TerminalHost(backend: terminal, root: spinner)
        spinner.onNeedsDisplay = { host.setNeedsDisplay() }
        spinner.startAnimating()

        let wand = ActivityIndicator(
            animation: WandImages.cycle,
            label: "Loading…",
            labelPlacement: .below,
            clock: scheduler
        )
        let gif = ActivityIndicator(animation: try AnimatedImage.spinner(), timing: .uniformOneSecond, clock: scheduler)

        host.renderIfNeeded()
        #expect(terminal.text.contains("Loading"))
        #expect(WandImages.interval == .milliseconds(300))
        wand.startAnimating()
        gif.startAnimating()
        #expect(wand.isAnimating && gif.isAnimating)
        var canvas = Canvas(size: Size(width: 20, height: 10))  // the 16×8 image box and a label row
        wand.render(in: canvas.bounds, on: &canvas)
        #expect(
            canvas.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("Loading…") == true,
            "the label is below the image"
        )
    }

    @Test func aSpinnerOnAPipeWritesAStartAndAnEndLineAndNoCarriageReturn() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let clock = ManualTime()
        let group = ProgressGroup(output: LineTerminal(descriptor: fds[1]), environment: [:], clock: clock, drawsOnItsOwnThread: false)
        #expect(group.mode == .log)
        let line = Spinner("Uploading", group: group)
        clock.advance(by: .milliseconds(2400))
        group.tick()
        line.succeed()
        close(fds[1])
        let written = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        #expect(String(decoding: written, as: UTF8.self) == "Uploading…\n✓ Uploading (2.4 s)\n")
    }
}
