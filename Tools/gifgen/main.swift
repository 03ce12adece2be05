// gifgen: writes the GIFs the project authors itself.
//   swift run gifgen spinner-source Modules/GifDecoding/SpinnerGIF.swift   (the spinner, as Swift)
//   swift run gifgen spinner /tmp/spinner.gif
//   swift run gifgen video /tmp/video.gif
//   swift run gifgen sprites /tmp/sprites.gif
//   swift run gifgen corpus DIR          (the fuzzer's seed files)
import Foundation
import GifSamples

let usage = "USAGE: gifgen spinner|video|sprites OUTPUT.gif | gifgen spinner-source OUTPUT.swift | gifgen corpus DIR"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
do {
    if arguments[0] == "corpus" {
        try FileManager.default.createDirectory(atPath: arguments[1], withIntermediateDirectories: true)
        for (name, data) in try GifSamples.corpus() {
            try data.write(to: URL(fileURLWithPath: arguments[1]).appendingPathComponent(name))
        }
        print("wrote the seed corpus to \(arguments[1])")
        exit(0)
    }
    if arguments[0] == "spinner-source" {
        try Data(GifSamples.spinnerSource(try GifSamples.spinner()).utf8).write(to: URL(fileURLWithPath: arguments[1]))
        print("wrote \(arguments[1])")
        exit(0)
    }
    let data: Data
    switch arguments[0] {
    case "spinner": data = try GifSamples.spinner()
    case "video": data = try GifSamples.video()
    case "sprites": data = try GifSamples.sprites()
    default:
        FileHandle.standardError.write(Data("gifgen: unknown sample `\(arguments[0])`\n\(usage)\n".utf8))
        exit(64)
    }
    try data.write(to: URL(fileURLWithPath: arguments[1]))
    print("wrote \(arguments[1]) (\(data.count) bytes)")
} catch {
    FileHandle.standardError.write(Data("gifgen: \(error)\n".utf8))
    exit(1)
}
