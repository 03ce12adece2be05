import Foundation
import GifDecoding
import PhotoReaders

/// How much memory decoding one GIF may take in a command (`--max-memory MIB`): the
/// command refuses up front a file that would need more, and says which flag allows it.
package struct MemoryBudget: Equatable, Sendable {
    /// The budget in bytes.
    package let bytes: Int

    /// The default: ``DecodingLimits``' 256 MiB.
    package static let `default` = MemoryBudget(bytes: DecodingLimits.default.maxMemoryBytes)
    /// For reading a file's structure alone (`gif info`): nothing is decoded, so no budget.
    static let structureOnly = MemoryBudget(bytes: .max)
    /// The largest value `--max-memory` takes: 64 GiB.
    static let ceilingMiB = 64 << 10

    /// A budget of `bytes`.
    package init(bytes: Int) { self.bytes = bytes }

    /// The decoding limits with this budget.
    package var limits: DecodingLimits {
        var limits = DecodingLimits.default
        limits.maxMemoryBytes = bytes
        if self == .structureOnly {
            // Nothing is decoded: any screen and frames may be described, however large.
            limits.maxCanvasPixels = .max
            limits.maxTotalFramePixels = .max
        }
        return limits
    }

    /// The most bytes of standard input a command keeps (`gif info -`, `gif frames -`,
    /// `view -`): the budget, and ``DecodingLimits/maxInputBytes`` (512 MiB) whatever it is.
    package var standardInputLimit: Int { min(bytes, limits.maxInputBytes) }

    /// What to do when standard input holds more than ``standardInputLimit``: a larger
    /// `--max-memory` where that would take it.
    func tooMuchInput(what: String) -> String {
        bytes < limits.maxInputBytes
            ? "give a smaller \(what), or a larger --max-memory (up to \(Self.mebibytes(limits.maxInputBytes)) MiB of input is read)"
            : "the showcase does not read a larger \(what)"
    }

    /// `--max-memory MIB` as `parsed` gives it (the default when absent).
    static func parse(_ parsed: ParsedWords) throws(UsageError) -> MemoryBudget {
        guard let mebibytes = try parsed.number(ShowcaseCommandLine.maxMemory.name, in: 1...ceilingMiB, what: "a whole number of MiB") else { return .default }
        return MemoryBudget(bytes: mebibytes << 20)
    }

    /// A picture reader's failure in the command line's words: the flag to give, not the API's.
    static func explain(_ failure: PhotoReadFailure) -> String {
        switch failure.kind {
        case .overMemoryBudget(let needed, _): "\(failure.message); add --max-memory \(mebibytes(needed)) if you trust the file"
        default:
            failure.message.replacingOccurrences(
                of: "; raise DecodingLimits if you trust the file",
                with: "; the showcase does not decode files beyond these limits"
            )
        }
    }

    /// A decoding error in the command line's words: the flag to give, not the API's.
    static func explain(_ error: GifDecodingError) -> String {
        switch error {
        case .overMemoryBudget(let needed, let budget):
            "decoding its frames needs \(mebibytes(needed)) MiB, more than the \(mebibytes(budget)) MiB allowed; add --max-memory \(mebibytes(needed)) if you trust the file"
        case .tooLarge(let detail):
            "the GIF is too large: \(detail); the showcase does not decode files beyond these limits"
        default:
            error.description
        }
    }

    static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
