import Foundation
import ImageFiles
import IndicatorKit
import TerminalGraphics

/// `bench graphics [FILE…]`: pictures sent as pixels — sixel and kitty's protocol — against
/// chafa (`-f sixel`, `-f kitty`) and timg (`-pk`; `-ps` where it was built with sixel) on the
/// same frames: chafa chooses the pixel size (80 columns), and every one is measured at it.
/// Bytes, milliseconds, and for sixel the PSNR of what a terminal would paint.
enum GraphicsBench {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run(files: [String]) throws -> [String] {
        var pictures: [(String, RGBAImage)] = [("photo-like", RasterBench.photo())]
        for file in files {
            pictures.append(((file as NSString).lastPathComponent, try ImageFile.read(file).image))
        }
        let chafa = tool("chafa")
        let timg = tool("timg")
        var lines = ["graphics: a picture at 80 columns as pixels; sixel PSNR (dB) of what a terminal paints; release build"]
        lines.append("picture (frame)       tool              bytes      ms     dB")
        for (name, picture) in pictures {
            let source = FileManager.default.temporaryDirectory.appendingPathComponent("graphics-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: source) }
            try ImageFile.writePNG(picture, to: source)
            // The frame size: chafa's choice for 80 columns, else 800 wide in its proportions.
            var size = Size(width: 800, height: max(1, 800 * picture.height / max(1, picture.width)))
            var peers: [(String, String, Double)] = []
            if let chafa {
                let (text, ms) = try capture(chafa, ["-f", "sixel", "--size", "80x100", source])
                if let painted = Sixel.decode(text) {
                    size = Size(width: painted.width, height: painted.height)
                    peers.append(("chafa -f sixel", text, ms))
                }
                let (kitty, kittyMs) = try capture(chafa, ["-f", "kitty", "--size", "80x100", source])
                peers.append(("chafa -f kitty", kitty, kittyMs))
            }
            if let timg {
                let (kitty, ms) = try capture(timg, ["-pk", "-g80x100", source], environment: ["TERM": "xterm-kitty"])
                peers.append(("timg -pk", kitty, ms))
                let (sixel, sixelMs) = try capture(timg, ["-ps", "-g80x100", source])
                if sixel.contains("\u{1B}P") { peers.append(("timg -ps", sixel, sixelMs)) }
            }
            let frame = picture.scaled(to: size)
            let clock = ContinuousClock()
            var ours = ""
            let sixelTime = clock.measure { ours = Sixel.encode(frame) }
            var all = ""
            let allTime = clock.measure { all = Sixel.encode(frame, colors: 256) }
            var kitty = ""
            let kittyTime = clock.measure { kitty = KittyGraphics.display(frame, id: 1, columns: 80, rows: 25) }
            let label = "\(name) \(size.width)×\(size.height)"
            func row(_ tool: String, _ text: String, _ ms: Double) -> String {
                var line = label.padding(toLength: 22, withPad: " ", startingAt: 0) + tool.padding(toLength: 16, withPad: " ", startingAt: 0)
                line += String(format: " %8d %7.1f", text.utf8.count, ms)
                if text.contains("\u{1B}P"), let painted = Sixel.decode(text) {
                    let reference =
                        painted.width == frame.width && painted.height == frame.height
                        ? frame : picture.scaled(to: Size(width: painted.width, height: painted.height))
                    line += String(format: " %6.2f", RasterFidelity.psnr(of: painted, against: reference))
                }
                return line
            }
            lines.append(row("ours sixel", ours, sixelTime.seconds * 1000))
            lines.append(row("ours sixel 256", all, allTime.seconds * 1000))
            lines.append(row("ours kitty", kitty, kittyTime.seconds * 1000))
            for (tool, text, ms) in peers { lines.append(row(tool, text, ms)) }
        }
        if chafa == nil { lines.append("chafa: not installed (apt-get install chafa); skipped") }
        if timg == nil { lines.append("timg: not installed (apt-get install timg); skipped") }
        lines.append("(a peer's milliseconds are its whole process: start-up, reading the PNG, encoding)")
        return lines
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func capture(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (String, Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), (ContinuousClock.now - start).seconds * 1000)
    }
}
