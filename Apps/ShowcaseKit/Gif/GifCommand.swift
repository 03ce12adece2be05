import Foundation
import GifDecoding
import TUICore

/// `showcase gif info|frames|play FILE`: inspect, export and play GIFs.
public enum GifCommand: Equatable, Sendable {
    /// Print size, loop count and a table (or JSON) of frames.
    case info(path: String, json: Bool)
    /// Write every composited frame as raw RGBA, plus `info.json`, into a new or empty
    /// folder (or, with `replace`, over a folder's files of the same names).
    case frames(path: String, output: String, replace: Bool = false)
    /// Play the GIF in the terminal.
    case play(path: String)

    /// Exit statuses: 0 success (warnings included), 65 undecodable, 66 unreadable.
    public static let undecodableStatus: Int32 = 65
    /// See ``undecodableStatus``.
    public static let unreadableStatus: Int32 = 66

    static let usage = "showcase gif info FILE [--json] | gif frames FILE --out DIR [--replace] | gif play FILE"

    /// Parses the words after `gif`.
    static func parse(_ words: [String]) throws(UsageError) -> GifCommand {
        guard let verb = words.first else { throw UsageError("`gif` needs a command: \(usage)") }
        var rest = ArgumentWords(Array(words.dropFirst()))
        func file() throws(UsageError) -> String {
            try rest.rejectOptions(for: "gif \(verb)")
            guard rest.words.count == 1 else { throw UsageError("`gif \(verb)` needs exactly one FILE") }
            return rest.words[0]
        }
        switch verb {
        case "info":
            let json = rest.flag("--json")
            return .info(path: try file(), json: json)
        case "frames":
            guard let output = try rest.value("--out") else { throw UsageError("`gif frames` needs `--out DIR`") }
            let replace = rest.flag("--replace")
            return .frames(path: try file(), output: output, replace: replace)
        case "play":
            return .play(path: try file())
        default:
            throw UsageError("unknown gif command `\(verb)`: \(usage)")
        }
    }

    /// Loads the GIF, or says in one line why not and which exit status to use.
    public static func load(_ path: String) -> Result<AnimatedImage, LoadFailure> {
        do {
            return .success(try AnimatedImage(contentsOfFile: path))
        } catch {
            if case .unreadableFile = error { return .failure(LoadFailure(message: "error: \(error)", status: unreadableStatus)) }
            return .failure(LoadFailure(message: "error: \(path.sanitizedForTerminal): \(error)", status: undecodableStatus))
        }
    }

    /// Why a GIF could not be loaded, and the exit status that says so.
    public struct LoadFailure: Error {
        /// One line, starting `error:`.
        public let message: String
        /// 65 or 66.
        public let status: Int32
    }

    /// Runs `info` or `frames`; `play` needs a terminal and is run by the executable.
    public static func run(_ command: GifCommand, output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        let path: String
        switch command {
        case .info(let file, _), .frames(let file, _, _): path = file
        case .play:
            errors("error: `gif play` needs a terminal")
            return 2
        }
        let image: AnimatedImage
        switch load(path) {
        case .failure(let failure):
            errors(failure.message)
            return failure.status
        case .success(let loaded):
            image = loaded
        }
        if case .info(_, let json) = command {
            image.decodeAllFrames()
            output(json ? GifReport(image: image).json : GifReport(image: image).text(name: path))
            return 0
        }
        guard case .frames(_, let directory, let replace) = command else { return 0 }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                errors("error: \(directory.sanitizedForTerminal) is a file; give a folder to write the frames into")
                return 73
            }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if !contents.isEmpty && !replace {
                errors("error: \(directory.sanitizedForTerminal) is not empty; give a new or empty folder, or add --replace to write over its files")
                return 73
            }
        }
        // Space first: an earlier export is removed only when the new one fits.
        let bytes = image.width * image.height * 4 * image.frameCount
        let replaced = replace ? earlierExport(in: directory) : []
        let freed = replaced.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        if let free = (try? FileManager.default.attributesOfFileSystem(forPath: existingParent(of: directory))[.systemFreeSize] as? Int) ?? nil, bytes > free + freed {
            errors("error: the \(image.frameCount) frames need \(bytes / (1 << 20)) MiB and \(directory.sanitizedForTerminal) has \(free / (1 << 20)) MiB free; choose another place")
            return 73
        }
        // --replace: the earlier export's frames go, so none is left mixed in.
        for file in replaced { try? FileManager.default.removeItem(atPath: file) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for index in 0..<image.frameCount {
                let name = "frame-" + String(format: "%04d", index) + ".rgba"
                try Data(image.image(at: index).pixels).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
            }
            try Data((GifReport(image: image).json + "\n").utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("info.json"))
        } catch {
            errors("error: cannot write to \(directory.sanitizedForTerminal): \(error.localizedDescription)")
            return 73  // EX_CANTCREAT
        }
        output("wrote \(image.frameCount) frame(s) of \(image.width)×\(image.height) RGBA and info.json to \(directory.sanitizedForTerminal)")
        for warning in image.warnings { output("warning: \(warning.sanitizedForTerminal)") }
        return 0
    }

    /// The nearest folder at or above `path` that exists (for its file system's free space).
    static func existingParent(of path: String) -> String {
        var current = (path as NSString).standardizingPath
        while !current.isEmpty, !FileManager.default.fileExists(atPath: current) {
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        return current.isEmpty ? "." : current
    }

    /// The files of an earlier export in `directory`: `info.json` and `frame-NNNN.rgba`.
    static func earlierExport(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0 == "info.json" || ($0.hasPrefix("frame-") && $0.hasSuffix(".rgba")) }
            .map { (directory as NSString).appendingPathComponent($0) }
    }
}
