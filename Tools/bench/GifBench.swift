import Foundation
import GifDecoding
import GifSamples

/// Decodes and composites every frame of GIFs and compares with giflib's floor
/// (`giflib-floor`: DGifSlurp plus the same compositing in C) and, where installed, Pillow.
enum GifBench {
    struct Figures {
        let megapixelsPerSecond: Double
        let seconds: Double
        let peakMiB: Double?
    }

    /// The two generated inputs, written once to a temporary folder.
    static func generatedInputs() throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indicatorkit-bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, make) in [("video-640x480x100.gif", { try GifSamples.video() }), ("sprites-1000x1000x200.gif", { try GifSamples.sprites() })] {
            let url = folder.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: url.path) { try make().write(to: url) }
            paths.append(url.path)
        }
        return paths
    }

    /// Ours: open, then ask for every frame in order, `iterations` times.
    static func ours(_ path: String, iterations: Int) throws -> Figures {
        resetPeakMemory()
        var pixels = 0
        var checksum: UInt8 = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            let image = try AnimatedImage(contentsOfFile: path)
            for i in 0..<image.frameCount {
                let frame = image.image(at: i)
                checksum ^= frame.pixels[frame.pixels.count / 2]
            }
            pixels += image.width * image.height * image.frameCount
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if checksum == 42 { print("", terminator: "") }  // keep the work observable
        return Figures(megapixelsPerSecond: Double(pixels) / seconds / 1e6, seconds: seconds, peakMiB: peakMemoryMiB())
    }

    /// giflib's floor, run as a separate process next to this one.
    static func floor(_ path: String, iterations: Int) -> Figures? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("giflib-floor")
        guard FileManager.default.isExecutableFile(atPath: executable.path),
            let output = run(executable.path, [path, String(iterations)])
        else { return nil }
        let fields = Dictionary(
            uniqueKeysWithValues: output.split(separator: " ").compactMap { pair -> (String, Double)? in
                let parts = pair.split(separator: "=")
                guard parts.count == 2, let value = Double(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
                return (String(parts[0]), value)
            }
        )
        guard let mps = fields["megapixels_per_second"], let seconds = fields["seconds"] else { return nil }
        return Figures(megapixelsPerSecond: mps, seconds: seconds, peakMiB: fields["peak_rss_kib"].map { $0 / 1024 })
    }

    /// Pillow, when `python3 -c "import PIL"` works: every frame converted to RGBA.
    static func pillow(_ path: String, iterations: Int) -> Figures? {
        let script = """
            import sys, time
            from PIL import Image
            path, n = sys.argv[1], int(sys.argv[2])
            pixels = 0
            start = time.perf_counter()
            for _ in range(n):
                im = Image.open(path)
                frames = 0
                while True:
                    im.convert("RGBA").getpixel((0, 0))
                    frames += 1
                    try:
                        im.seek(im.tell() + 1)
                    except EOFError:
                        break
                pixels += im.size[0] * im.size[1] * frames
            seconds = time.perf_counter() - start
            print(f"megapixels_per_second={pixels / seconds / 1e6:.1f} seconds={seconds:.3f}")
            """
        guard let output = run("/usr/bin/env", ["python3", "-c", script, path, String(iterations)]),
            let mpsText = output.split(separator: " ").first?.split(separator: "=").last, let mps = Double(mpsText),
            let secondsText = output.split(separator: " ").last?.split(separator: "=").last,
            let seconds = Double(secondsText.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return Figures(megapixelsPerSecond: mps, seconds: seconds, peakMiB: nil)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Resets the kernel's peak-RSS counter (Linux: writing 5 to clear_refs).
    static func resetPeakMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The peak resident set size since the last reset, in MiB (VmHWM).
    static func peakMemoryMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kib / 1024
    }
}
