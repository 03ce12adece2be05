// bench: IndicatorKit's benchmarks. Build and run in release mode:
//   swift build -c release --product bench && .build/release/bench terminal
import Foundation

let usage = """
    USAGE: bench frames [--seconds N] [--iterations N]
           bench terminal [--frames N]
           bench gif [FILE…] [--iterations N]
           bench indicator [--seconds N]
           bench loading
           bench picker
           bench raster
           bench import
           bench run
           bench progress
           bench typing
           bench filter
           bench graphics [FILE…]
           bench record
           bench all

      frames     one full-screen dashboard (8 spinners, 4 bars, a 30-row window on a 10 000-row
                 list moving a row an update; 120×40) in IndicatorKit and, where installed, tui-rs
                 and bubbletea, each on a pseudo-terminal: CPU, bytes, RSS, context switches at
                 60 updates/s, as fast as it can, and idle; the last screen checked with pyte.
      terminal   compose and present 200×60 screens (full change, one-cell change) through
                 the headless and the ncurses (pseudo-terminal) paths; µs and bytes per frame.
      gif        decode and composite every frame (default: the generated 640×480×100 video
                 and 1000×1000×200 sprites); megapixels per second and peak memory, against
                 giflib-floor (DGifSlurp + compositing in C) and Pillow where installed.
      loading    the cost of LoadingCenter.track around an empty operation, and 10 000
                 overlapping tracked operations ending with the overlay hidden.
      raster     each symbol set (half, quadrant, sextant, braille) on the bench GIFs and a
                 photo-like picture at 80×24 cells: PSNR of the cells against the picture, ms a frame.
      import     1 000 generated GIF, PNG and JPEG pictures into a new photo library: files a
                 second, against Pillow + sqlite3 where installed.
      run        `yes | head -c 256M` through `showcase run`, against the command alone and
                 through `cat`: seconds (needs showcase built in release beside bench).
      graphics   a picture at 80 columns as sixel and kitty graphics, against chafa and timg on the
                 same frames: bytes, ms, and the PSNR of the sixel a terminal paints.
      record     three 10-second sessions (a spinner, a command's lines, a full-screen scene) recorded
                 by `showcase record` from a tape and by asciinema, the cast drawn by `showcase record`
                 and agg where installed: wall, CPU, frames, GIF bytes, OCR of the last frame
                 (needs showcase built in release beside bench; asciinema, agg, tesseract optional).
      progress   ten million ProgressBar.inc() calls with the bar drawn on a pseudo-terminal: ns a
                 call, bytes and redraws, against tqdm and rich (same loop) where installed.
      typing     keys typed one at a time into a TextPrompt (a frame every 64) at 10 000, 30 000
                 and 100 000 characters: ms in all and µs a key.
      filter     `showcase filter` beside fzf (where installed) on a pseudo-terminal, a million and
                 100 000 paths on standard input: the first drawing, each key of `libpy`, peak RSS
                 (needs showcase built in release beside bench).
      picker     a 100 000-image photo library: open + first page, a deep page; snapshot diff
                 of 10 000 items with 1 000 moves against CollectionDifference.
      indicator  one spinner animating on a still screen through ncurses on a pseudo-terminal
                 and the live scheduler: CPU time per second and bytes per frame.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
/// Removes `--NAME N` from the arguments and returns N (a positive number), or `fallback`.
@MainActor
func takeCount(_ name: String, default fallback: Int) -> Int {
    guard let i = arguments.firstIndex(of: name) else { return fallback }
    guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else {
        FileHandle.standardError.write(Data("bench: \(name) needs a positive number\n\n\(usage)\n".utf8))
        exit(64)
    }
    arguments.removeSubrange(i...i + 1)
    return n
}

let frames = takeCount("--frames", default: 300)
let iterations = takeCount("--iterations", default: 3)
let seconds = takeCount("--seconds", default: 10)

#if DEBUG
print("note: this is a debug build; figures are only meaningful with -c release")
#endif

@MainActor
func runTerminal() -> Bool {
    do {
        let rows = try TerminalBench.run(frames: frames)
        print("terminal: \(TerminalBench.size.width)×\(TerminalBench.size.height), \(frames) frames per case")
        print("path      case                  µs/frame   bytes/frame")
        for row in rows {
            let bytes = row.bytesPerFrame.map { String(format: "%11.1f", $0) } ?? "          -"
            let path = row.path.padding(toLength: 9, withPad: " ", startingAt: 0)
            let scenario = row.scenario.padding(toLength: 20, withPad: " ", startingAt: 0)
            print(path + " " + scenario + String(format: " %9.1f  ", row.microsecondsPerFrame) + bytes)
        }
        if let oneCell = rows.first(where: { $0.path == "ncurses" && $0.scenario == "one-cell change" })?.bytesPerFrame {
            print(String(format: "target: one-cell change under 32 bytes: %.1f bytes (%@)", oneCell, oneCell < 32 ? "met" : "NOT met"))
        }
        return true
    } catch {
        FileHandle.standardError.write(Data("bench terminal: \(error)\n".utf8))
        return false
    }
}

@MainActor
func runGif(_ files: [String]) -> Bool {
    do {
        let paths = files.isEmpty ? try GifBench.generatedInputs() : files
        print("gif: decode + composite every frame, \(iterations) iteration(s) per file")
        print("file                              ours MP/s  floor MP/s  ours/floor  Pillow MP/s  ours/Pillow  peak MiB (ours, floor)")
        for path in paths {
            let ours = try GifBench.ours(path, iterations: iterations)
            let floor = GifBench.floor(path, iterations: iterations)
            let pillow = GifBench.pillow(path, iterations: max(1, iterations / 3))
            func number(_ value: Double?, _ width: Int, _ format: String = "%.1f") -> String {
                let text = value.map { String(format: format, $0) } ?? "-"
                return String(repeating: " ", count: max(0, width - text.count)) + text
            }
            let name = (path as NSString).lastPathComponent.padding(toLength: 32, withPad: " ", startingAt: 0)
            print(
                name + number(ours.megapixelsPerSecond, 11) + number(floor?.megapixelsPerSecond, 12)
                    + number(floor.map { ours.megapixelsPerSecond / $0.megapixelsPerSecond }, 12, "%.2f")
                    + number(pillow?.megapixelsPerSecond, 13) + number(pillow.map { ours.megapixelsPerSecond / $0.megapixelsPerSecond }, 13, "%.2f")
                    + "   " + number(ours.peakMiB, 6) + ", " + number(floor?.peakMiB, 6)
            )
        }
        print("targets: ours/floor ≥ 0.90, ours/Pillow ≥ 2, peak under 64 MiB for the 1000×1000×200 animation")
        return true
    } catch {
        FileHandle.standardError.write(Data("bench gif: \(error)\n".utf8))
        return false
    }
}

/// Runs the loading bench (async), then `next` on the main queue.
func runLoading(then next: @escaping @MainActor () -> Void) -> Never {
    Task { @MainActor in
        for line in await LoadingBench.run() { print(line) }
        next()
    }
    dispatchMain()
}

/// Runs the indicator bench on the main queue (it needs live timers), prints, exits.
func runIndicator(thenExitWith status: Int32) -> Never {
    MainActor.assumeIsolated { startIndicator(thenExitWith: status) }
    dispatchMain()
}

@MainActor
func startIndicator(thenExitWith status: Int32) {
    do {
        try IndicatorBench.run(seconds: seconds) { line in
            print(line)
            exit(status)
        }
    } catch {
        FileHandle.standardError.write(Data("bench indicator: \(error)\n".utf8))
        exit(1)
    }
}

/// Prints a bench's lines, or `bench NAME: error` where `errorsTo` says; whether it ran.
@discardableResult
func report(_ name: String, errorsTo errors: FileHandle, _ lines: () throws -> [String]) -> Bool {
    do {
        for line in try lines() { print(line) }
        return true
    } catch {
        errors.write(Data("bench \(name): \(error)\n".utf8))
        return false
    }
}

/// `bench raster`: fidelity and speed, then bytes an animation frame.
func reportRaster(errorsTo errors: FileHandle) -> Bool {
    guard report("raster", errorsTo: errors, { try RasterBench.run() }) else { return false }
    print("")
    return report("raster", errorsTo: errors) { try MainActor.assumeIsolated { try AnimationBytesBench.run(chafa: RasterBench.chafaPath) } }
}

switch arguments.first {
case "frames" where arguments.count == 1:
    exit(report("frames", errorsTo: .standardError) { try FramesBench.report(seconds: seconds, fastSeconds: 5, rounds: iterations) } ? 0 : 1)
case "terminal" where arguments.count == 1:
    exit(MainActor.assumeIsolated { runTerminal() } ? 0 : 1)
case "gif":
    exit(MainActor.assumeIsolated { runGif(Array(arguments.dropFirst())) } ? 0 : 1)
case "indicator" where arguments.count == 1:
    runIndicator(thenExitWith: 0)
case "picker" where arguments.count == 1:
    exit(report("picker", errorsTo: .standardError) { try PickerBench.run() } ? 0 : 1)
case "import" where arguments.count == 1:
    exit(report("import", errorsTo: .standardError) { try ImportBench.run() } ? 0 : 1)
case "raster" where arguments.count == 1:
    exit(reportRaster(errorsTo: .standardError) ? 0 : 1)
case "run" where arguments.count == 1:
    exit(report("run", errorsTo: .standardError) { try RunBench.run() } ? 0 : 1)
case "graphics":
    exit(report("graphics", errorsTo: .standardError) { try GraphicsBench.run(files: Array(arguments.dropFirst())) } ? 0 : 1)
case "record" where arguments.count == 1:
    exit(report("record", errorsTo: .standardError) { try RecordBench.run() } ? 0 : 1)
case "progress" where arguments.count == 1:
    exit(report("progress", errorsTo: .standardError) { try ProgressBench.run() } ? 0 : 1)
case "filter" where arguments.count == 1:
    exit(report("filter", errorsTo: .standardError) { try FilterBench.run() } ? 0 : 1)
case "typing" where arguments.count == 1:
    exit(report("typing", errorsTo: .standardError) { MainActor.assumeIsolated { TypingBench.run() } } ? 0 : 1)
case "loading" where arguments.count == 1:
    runLoading { exit(0) }
case "all" where arguments.count == 1:
    let terminalOK = MainActor.assumeIsolated { runTerminal() }
    print("")
    let gifOK = MainActor.assumeIsolated { runGif([]) }
    print("")
    report("picker", errorsTo: .standardOutput) { try PickerBench.run() }
    print("")
    _ = reportRaster(errorsTo: .standardOutput)
    print("")
    report("import", errorsTo: .standardOutput) { try ImportBench.run() }
    print("")
    report("run", errorsTo: .standardOutput) { try RunBench.run() }
    print("")
    report("progress", errorsTo: .standardOutput) { try ProgressBench.run() }
    print("")
    report("typing", errorsTo: .standardOutput) { MainActor.assumeIsolated { TypingBench.run() } }
    print("")
    report("record", errorsTo: .standardOutput) { try RecordBench.run() }
    print("")
    runLoading {
        print("")
        startIndicator(thenExitWith: terminalOK && gifOK ? 0 : 1)
    }
default:
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
