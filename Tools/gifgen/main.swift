// gifgen: writes the GIFs the project authors itself.
//   swift run gifgen spinner Modules/GifDecoding/Resources/spinner.gif
//   swift run gifgen video /tmp/video.gif
//   swift run gifgen sprites /tmp/sprites.gif
import Foundation
import GifSamples

let usage = "USAGE: gifgen spinner|video|sprites OUTPUT.gif"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(64)
}
do {
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
