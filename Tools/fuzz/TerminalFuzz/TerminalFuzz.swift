// libFuzzer entry point for what a terminal sends us: the input parser (keys, mouse, pastes,
// late answers) and the start-up answers' readers (graphics probe, background, cursor
// reports), every input cut into batches where its first bytes say. Built only by Tools/fuzz/run.
import FuzzDriver
import IndicatorKit
import TerminalGraphics
import TerminalIO

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminal(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    // The first byte chooses the cuts: batches of 1 + (byte % 64) bytes at most.
    let step = 1 + Int(bytes[0] % 64)
    let input = Array(bytes.dropFirst())

    var parser = TerminalInputParser()
    var events: [InputEvent] = []
    var offset = 0
    while offset < input.count {
        let end = min(input.count, offset + step)
        events += parser.feed(input[offset..<end])
        if bytes[0] & 0x80 != 0, parser.isHoldingPartialSequence { events += parser.flush() }  // an Esc delay passed
        offset = end
    }
    events += parser.flush()
    events += parser.endPaste()
    events += parser.flush()  // what a paste cut short held (the start of an end marker) is keys now
    precondition(!parser.isHoldingPartialSequence && !parser.isInPaste, "a flushed, ended parser holds nothing")
    var pasted = 0
    for event in events {
        switch event {
        case .paste(let text):
            precondition(text.utf8.count <= TerminalInputParser.pasteLimit, "a paste is never longer than the limit")
            pasted += text.utf8.count
        case .mouse(let mouse): precondition(mouse.position.x >= 0 && mouse.position.y >= 0)
        case .key, .resize, .pasteCut: break
        }
    }
    precondition(pasted <= input.count)
    precondition(events.count <= input.count + 1, "no byte makes two events")

    var probe = GraphicsProbe()
    offset = 0
    while offset < input.count {
        let end = min(input.count, offset + step)
        probe.read(Array(input[offset..<end]))
        offset = end
    }
    precondition(probe.leftover.count <= input.count)
    if let cell = GraphicsProbe.cellPixels(windowPixels: probe.answers.windowPixels, cells: Size(width: 80, height: 24), answers: probe.answers) {
        precondition(GraphicsProbe.isPlausible(cell: cell))
    }
    _ = GraphicsProbe.sixelColors(probe.answers)
    _ = probe.answers.kittyPlaceholders

    let answer = BackgroundQuery.parse(input)
    precondition(answer.otherBytes.count <= input.count)
    var rest = input
    _ = BackgroundQuery.takeCursorReports(from: &rest)
    precondition(rest.count <= input.count)
    return 0
}

@_cdecl("terminal_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzTerminal)
}
