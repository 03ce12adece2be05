// libFuzzer entry point for progress templates: the template parser, then frames drawn from
// a template that parsed, on a terminal of any width, at any position and time. Built only
// by Tools/fuzz/run. The input's first eight bytes choose the terminal's width, the total,
// the position, the unit and the message; the rest is the template.
import FuzzDriver
import Indicator
import Motion
import ViewCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 8 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let template = String(decoding: bytes.dropFirst(8), as: UTF8.self)
    let style: ProgressStyle
    do {
        style = try ProgressStyle(template: template)
    } catch {
        precondition(!error.message.isEmpty, "an error says what is wrong")
        precondition((1...template.count + 1).contains(error.column), "the column \(error.column) is in the template (\(template.count) characters)")
        return 0
    }
    let columns = 1 + Int(bytes[0]) + (bytes[1] & 1 == 0 ? 0 : 300)  // 1…556
    let total: Int? = bytes[2] == 0 ? nil : Int(Int8(bitPattern: bytes[2])) << Int(bytes[3] % 64)
    let position = Int(Int8(bitPattern: bytes[4])) << Int(bytes[5] % 64)
    let unit: ProgressUnit = bytes[6] & 1 == 0 ? .count : .bytes
    let message = String(repeating: "msg\u{1B}[2J漢字 ", count: Int(bytes[7]) * 16)

    let output = InMemoryLineOutput(isTerminal: true, columns: columns)
    let time = ManualTime()
    let group = ProgressGroup(output: output, mode: .animated(colors: bytes[6] & 2 != 0), clock: time, drawsOnItsOwnThread: false)
    let bar = group.bar(total: total, message: message, unit: unit, style: style)
    bar.prefix = "prefix"
    for step in 0..<4 {
        time.advance(by: .milliseconds(250 << step))
        bar.inc(position)
        group.tick()
    }
    bar.finish()
    group.tick()
    for row in output.screen {
        precondition(row.displayWidth < max(2, columns), "a row of \(row.displayWidth) cells on a terminal \(columns) wide")
        precondition(!row.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "no control character is drawn")
    }
    return 0
}

@_cdecl("template_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzTemplate)
}
