import PhotoReaders
import PickerSelection

extension PhotoReader {
    /// The kit's GIF, PNG and JPEG reader (PhotoReaders) within `--max-memory`: a file that
    /// needs more says which value to give.
    static func photos(memory: MemoryBudget) -> PhotoReader {
        let reader = PhotoReader.photos(maxMemoryBytes: memory.bytes, maxPixels: memory.limits.maxCanvasPixels)
        return PhotoReader(
            fileExtensions: reader.fileExtensions,
            read: { path in
                try namingTheFlag { try reader.read(path) }
            },
            readForThumbnail: { path, side in
                try namingTheFlag { try reader.readForThumbnail(path, side) }
            }
        )
    }

    /// `body`, its over-budget failure ending with the `--max-memory` value that allows it.
    private static func namingTheFlag<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as PhotoReadFailure {
            guard case .overMemoryBudget(let needed, _) = failure.kind else { throw failure }
            throw PhotoReadFailure(kind: failure.kind, message: failure.message + "; add --max-memory \(MemoryBudget.mebibytes(needed)) if you trust the file")
        }
    }
}
