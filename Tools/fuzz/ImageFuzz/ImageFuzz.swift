// libFuzzer entry point for ImageFiles: every input is read as a PNG or a JPEG
// (INDICATORKIT_FUZZ_FORMAT=png|jpeg), full size and scaled for a thumbnail, under small
// limits. Built only by Tools/fuzz/run, which also has it write its seed files
// (INDICATORKIT_FUZZ_SEEDS=DIR: written at start-up, then it exits).
import Foundation
import FuzzDriver
import ImageFiles
import IndicatorKit

/// Where each input is written to be read: the readers open files, as the showcase's do.
nonisolated(unsafe) var inputPath = ""
nonisolated(unsafe) var format = ImageFile.Format.png

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    format = environment["INDICATORKIT_FUZZ_FORMAT"] == "jpeg" ? .jpeg : .png
    let folder = environment["TMPDIR"] ?? "/tmp"
    inputPath = "\(folder)/image-fuzz-\(getpid()).\(format == .png ? "png" : "jpg")"
    if let seeds = environment["INDICATORKIT_FUZZ_SEEDS"] {
        do {
            try writeSeeds(to: seeds)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("image-fuzz: cannot write seeds: \(error)\n".utf8))
            exit(1)
        }
    }
    return 0
}

/// Small pictures of the kinds the writers make: sizes not a multiple of the block,
/// alpha, baseline and progressive.
func writeSeeds(to folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, (width, height)) in [(1, 1), (7, 5), (16, 16), (33, 17), (64, 48)].enumerated() {
        var picture = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { picture[x, y] = RGBA(UInt8(x * 37 % 256), UInt8(y * 53 % 256), UInt8((x ^ y) * 11 % 256), UInt8(x * 255 / max(1, width - 1))) }
        }
        if format == .png {
            try ImageFile.writePNG(picture, to: "\(folder)/seed-\(index).png")
        } else {
            try ImageFile.writeJPEG(picture, to: "\(folder)/seed-\(index).jpg", quality: 30 + index * 15)
            try ImageFile.writeJPEG(picture, to: "\(folder)/seed-\(index)-progressive.jpg", quality: 50, progressive: true)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(inputPath)") }
    var done = 0
    while done < count {
        let n = write(fd, start + done, count - done)
        precondition(n > 0, "cannot write \(inputPath)")
        done += n
    }
    close(fd)
    // Small limits keep each run fast; the limit checks themselves are exercised too.
    for side in [0, 16] {
        guard let decoded = try? ImageFile.read(inputPath, as: format, maxPixels: 1 << 20, maxMemoryBytes: 32 << 20, minimumSide: side) else { continue }
        precondition(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4)
        precondition(decoded.fullSize.width >= decoded.image.width && decoded.fullSize.height >= decoded.image.height)
    }
    return 0
}

@_cdecl("image_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    _ = initialize(&count, &arguments)
    return runFuzzer(argc, argv, fuzzImage)
}
