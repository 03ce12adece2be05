/// Why a GIF could not be loaded. Every case says what went wrong and what to do.
public enum GifDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// No resource of that name in the bundle.
    case resourceNotFound(name: String, bundle: String)
    /// The data does not start with a GIF signature.
    case notAGif
    /// The data ends before the GIF's header, screen descriptor or first image is complete.
    case truncated(String)
    /// The compressed pixel data of a frame is invalid and nothing of it could be shown.
    case badLZWData(frame: Int)
    /// The GIF is bigger than the decoding limits allow.
    case tooLarge(String)
    /// Decoding the GIF's frames would need more memory than ``DecodingLimits/maxMemoryBytes``.
    case overMemoryBudget(neededBytes: Int, budgetBytes: Int)
    /// The GIF's screen has no pixels (a zero width or height).
    case emptyCanvas(width: Int, height: Int)
    /// giflib reported an error the other cases do not describe.
    case malformed(String)

    /// What went wrong, in words for the user (the frame or record it was in, and what to do).
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            reason.hasPrefix("it is ")
                ? "cannot read \(path.sanitizedForTerminal): \(reason); only regular files are read"
                : "cannot read \(path.sanitizedForTerminal): \(reason); check that the file exists and is readable"
        case .resourceNotFound(let name, let bundle):
            "no resource \(name).gif in bundle \(bundle); add it to the target's resources"
        case .notAGif:
            "not a GIF: the data does not start with GIF87a or GIF89a"
        case .truncated(let detail):
            "the GIF is truncated (\(detail)); the file may be incomplete, download or copy it again"
        case .badLZWData(let frame):
            "frame \(frame) has invalid compressed pixel data; the file is damaged"
        case .tooLarge(let detail):
            "the GIF is too large: \(detail); raise DecodingLimits if you trust the file"
        case .overMemoryBudget(let needed, let budget):
            "decoding its frames needs \(needed.mebibytesRoundedUp) MiB, more than the memory budget of \(budget.mebibytesRoundedUp) MiB; raise DecodingLimits.maxMemoryBytes if you trust the file"
        case .emptyCanvas(let width, let height):
            "the GIF's screen is \(width)×\(height) pixels: there is nothing to show"
        case .malformed(let detail):
            "the GIF is malformed: \(detail); the file is damaged, get a good copy of it"
        }
    }
}

extension Int {
    /// Bytes as whole mebibytes, rounded up (so a need is never understated).
    var mebibytesRoundedUp: Int { (self + (1 << 20) - 1) >> 20 }
}
