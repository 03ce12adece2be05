import Foundation
import GifDecoding
import Indicator
import IndicatorKit
import KitSupport

/// `showcase gif info|frames|play FILE`: inspect, export and play GIFs.
package enum GifCommand: Equatable, Sendable {
    /// Print size, loop count, the memory decoding needs and a table (or JSON) of frames,
    /// from the file's structure alone: no pixel is decoded, no screen allocated.
    case info(path: String, json: Bool)
    /// Write every composited frame as raw RGBA, plus `info.json`, into a new or empty
    /// folder (or, with `replace`, in place of an earlier export, swapped in when complete).
    case frames(path: String, output: String, replace: Bool = false, memory: MemoryBudget = .default)
    /// Play the GIF in the terminal.
    case play(path: String, memory: MemoryBudget = .default, symbols: SymbolChoice = .automatic)

    /// Exit statuses: 0 success (warnings included), 65 undecodable, 66 unreadable, 73 the
    /// export could not be written (nothing of it is left, an earlier export is kept).
    package static let undecodableStatus: Int32 = 65
    /// See ``undecodableStatus``.
    package static let unreadableStatus: Int32 = 66
    /// See ``undecodableStatus`` (EX_CANTCREAT).
    package static let cantCreateStatus: Int32 = 73

    /// Parses the words after `gif`.
    static func parse(_ words: [String]) throws(UsageError) -> GifCommand {
        let usage = ShowcaseCommandLine.specs(named: "gif").map(\.usage).joined(separator: " | ")
        guard let verb = words.first else { throw UsageError("`gif` needs a command: \(usage)") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "info":
            let parsed = try ShowcaseCommandLine.gifInfo.parse(rest)
            return .info(path: try parsed.oneOperand("FILE"), json: parsed.flag("--json"))
        case "frames":
            let parsed = try ShowcaseCommandLine.gifFrames.parse(rest)
            let output = parsed.value("--out") ?? ""  // required: the parser has checked it
            return .frames(path: try parsed.oneOperand("FILE"), output: output, replace: parsed.flag("--replace"), memory: try MemoryBudget.parse(parsed))
        case "play":
            let parsed = try ShowcaseCommandLine.gifPlay.parse(rest)
            let path = try parsed.oneOperand("FILE")
            guard path != "-" else { throw UsageError("`gif play` reads its keys from standard input, so it cannot read the GIF from it; give a file") }
            return .play(path: path, memory: try MemoryBudget.parse(parsed), symbols: try SymbolChoice.parse(parsed))
        default:
            throw UsageError("unknown gif command `\(verb.sanitizedForTerminal)`: \(usage)")
        }
    }

    /// Loads the GIF within `memory`, or says in one line why not and which exit status
    /// to use.
    /// `-` reads standard input to its end, at most as many bytes as `memory` allows
    /// (``MemoryBudget/standardInputLimit``).
    package static func load(_ path: String, memory: MemoryBudget = .default) -> Result<AnimatedImage, LoadFailure> {
        do {
            if path == "-" {
                let data = readStandardInput(
                    limit: memory.standardInputLimit,
                    signature: 6,
                    accepts: isGif,
                    refusal: "is not a GIF (it does not start with GIF87a or GIF89a)",
                    tooLarge: memory.tooMuchInput(what: "GIF")
                )
                switch data {
                case .failure(let failure): return .failure(failure)
                case .success(let data): return .success(try AnimatedImage(data: data, limits: memory.limits))
                }
            }
            return .success(try AnimatedImage(contentsOfFile: path, limits: memory.limits))
        } catch {
            if case .unreadableFile = error { return .failure(LoadFailure(message: "showcase: \(error)", status: unreadableStatus)) }
            return .failure(LoadFailure(message: "showcase: \(displayName(path)): \(MemoryBudget.explain(error))", status: undecodableStatus))
        }
    }

    /// Whether `bytes` begin as a GIF does (`GIF87a`, `GIF89a`).
    static func isGif(_ bytes: Data) -> Bool {
        bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
    }

    /// Standard input to its end, at most `limit` bytes, when its first `signature` bytes are
    /// what `accepts` takes: nothing more is read of what is not (`< /dev/urandom` read 548 MB
    /// before). Refused with `refusal` ("standard input …"), or `tooLarge` saying what to do.
    static func readStandardInput(
        limit: Int,
        signature: Int,
        accepts: (Data) -> Bool,
        refusal: String,
        tooLarge: String
    ) -> Result<Data, LoadFailure> {
        var data = Data()
        let failure = streamStandardInput(limit: limit, signature: signature, accepts: accepts, refusal: refusal, tooLarge: tooLarge) { chunk in
            data += chunk
            return nil
        }
        return failure.map { .failure($0) } ?? .success(data)
    }

    /// Standard input handed to `take` a chunk (1 MiB at most) at a time, as
    /// ``readStandardInput(limit:signature:accepts:refusal:tooLarge:)`` reads it: what is
    /// over `limit` is refused once `limit + 1` bytes have come, without keeping them. `take`
    /// answers a failure to stop at.
    static func streamStandardInput(
        limit: Int,
        signature: Int,
        accepts: (Data) -> Bool,
        refusal: String,
        tooLarge: String,
        take: (Data) -> LoadFailure?
    ) -> LoadFailure? {
        // Up to `count` bytes, fewer only at the end of the input; what a read that failed says.
        func read(_ count: Int) -> Result<Data, LoadFailure> {
            var data = Data()
            while data.count < count {
                switch Descriptor.readSome(STDIN_FILENO, upTo: count - data.count) {
                case .success(let bytes) where bytes.isEmpty: return .success(data)
                case .success(let bytes): data.append(contentsOf: bytes)
                case .failure(let error):
                    return .failure(LoadFailure(message: "showcase: cannot read standard input: \(error.message)", status: unreadableStatus))
                }
            }
            return .success(data)
        }
        var chunk: Data
        switch read(signature) {
        case .failure(let failure): return failure
        case .success(let first): chunk = first
        }
        guard accepts(chunk) else { return LoadFailure(message: "showcase: standard input \(refusal)", status: undecodableStatus) }
        var count = chunk.count
        while true {
            guard count <= limit else {
                let message = "showcase: standard input holds more than \(MemoryBudget.mebibytes(limit)) MiB; \(tooLarge)"
                return LoadFailure(message: message, status: undecodableStatus)
            }
            if let failure = take(chunk) { return failure }
            switch read(min(1 << 20, limit + 1 - count)) {
            case .failure(let failure): return failure
            case .success(let next) where next.isEmpty: return nil
            case .success(let next):
                chunk = next
                count += next.count
            }
        }
    }

    /// How a FILE argument is named in messages: `-` is standard input.
    static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path.sanitizedForTerminal
    }

    /// Why a GIF could not be loaded, and the exit status that says so.
    package struct LoadFailure: Error {
        /// One line, starting `showcase:`.
        package let message: String
        /// 65 or 66.
        package let status: Int32
    }

    /// Runs `info` or `frames`; `play` needs a terminal and is run by the executable.
    package static func run(_ command: GifCommand, output: (String) -> Void, errors: (String) -> Void, progress: ProgressGroup? = nil) -> Int32 {
        let path: String
        let memory: MemoryBudget
        switch command {
        case .info(let file, _): (path, memory) = (file, .structureOnly)
        case .frames(let file, _, _, let budget): (path, memory) = (file, budget)
        case .play:
            errors("showcase: `gif play` needs a terminal")
            return 2
        }
        let image: AnimatedImage
        switch load(path, memory: memory) {
        case .failure(let failure):
            errors(failure.message)
            return failure.status
        case .success(let loaded):
            image = loaded
        }
        if case .info(_, let json) = command {
            output(json ? GifReport(image: image).json : GifReport(image: image).text(name: displayName(path)))
            return 0
        }
        guard case .frames(_, let directory, let replace, _) = command else { return 0 }
        do {
            try FrameExport(image: image, target: directory, replace: replace).run(progress: progress)
        } catch {
            errors("showcase: \(error.message)")
            return cantCreateStatus
        }
        output("wrote \(image.frameCount) frame(s) of \(image.width)×\(image.height) RGBA and info.json to \(directory.sanitizedForTerminal)")
        for warning in image.warnings { output("warning: \(warning.sanitizedForTerminal)") }
        return 0
    }
}

/// `--symbols half|quadrant|sextant|braille|auto`: the block symbols images are drawn with.
package enum SymbolChoice: Equatable, Sendable {
    /// The finest set the terminal can be expected to show (``SymbolSet/automatic(environment:)``).
    case automatic
    /// This set.
    case set(SymbolSet)

    /// The set to use in `environment`.
    package func resolved(environment: [String: String]) -> SymbolSet {
        switch self {
        case .automatic: SymbolSet.automatic(environment: environment)
        case .set(let set): set
        }
    }

    /// `--symbols` as `parsed` gives it (its declaration has checked the name).
    static func parse(_ parsed: ParsedWords) throws(UsageError) -> SymbolChoice {
        guard let name = parsed.value(ShowcaseCommandLine.symbols.name), name != "auto" else { return .automatic }
        guard let set = SymbolSet(rawValue: name) else {
            throw UsageError("`--symbols` takes \(ShowcaseCommandLine.symbols.choiceList ?? ""), not `\(name.sanitizedForTerminal)`")
        }
        return .set(set)
    }
}
