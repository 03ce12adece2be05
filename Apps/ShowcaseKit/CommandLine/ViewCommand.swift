import Foundation
import GifDecoding
import ImageFiles
import IndicatorKit
import PhotoReaders
import PickerSelection
import TerminalGraphics

/// `showcase view FILE`: a GIF's first frame, a PNG or a JPEG printed inline — as pixels where
/// the terminal shows them (kitty's protocol, sixel, iTerm2's images), else in block symbols
/// and colour — fitted to the terminal's width in its true proportions (as chafa and timg
/// print a picture).
package struct ViewCommand: Equatable, Sendable {
    package var path: String
    /// Columns to fit in (default: the terminal's width, 80 when not a terminal).
    package var width: Int?
    package var symbols: SymbolChoice
    package var memory: MemoryBudget
    /// How the picture is drawn (`--graphics`; nil: as the terminal answers).
    package var graphics: GraphicsProtocol? = nil

    static func parse(_ arguments: [String]) throws(UsageError) -> ViewCommand {
        let parsed = try ShowcaseCommandLine.view.parse(arguments)
        return ViewCommand(
            path: try parsed.oneOperand("FILE (a GIF, PNG or JPEG)"),
            width: try parsed.number("--width", in: 1...1000, what: "a number of columns"),
            symbols: try SymbolChoice.parse(parsed),
            memory: try MemoryBudget.parse(parsed),
            graphics: GraphicsChoice.parse(parsed)
        )
    }

    /// Prints the picture fitted into `box` (columns × rows) with `output`, drawn as
    /// `drawing` says, or says why not with `errors`; returns the exit status (65
    /// undecodable, 66 unreadable).
    package func run(
        box: Size,
        colorDepth: ColorDepth,
        environment: [String: String],
        drawing: PictureDrawing = PictureDrawing(),
        output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        var file = self
        let name: String
        if path == "-" {
            // Standard input is copied to a file of ours first (the decoders read files), within
            // --max-memory.
            switch Self.copyStandardInput(memory: memory) {
            case .failure(let failure):
                errors(failure.message)
                return failure.status
            case .success(let copy):
                file.path = copy
                name = "standard input"
            }
        } else {
            name = path.sanitizedForTerminal
        }
        defer { if file.path != path { try? FileManager.default.removeItem(atPath: file.path) } }
        return file.run(box: box, colorDepth: colorDepth, environment: environment, drawing: drawing, output: output, errors: errors, name: name)
    }

    private func run(
        box: Size,
        colorDepth: ColorDepth,
        environment: [String: String],
        drawing: PictureDrawing,
        output: (String) -> Void,
        errors: (String) -> Void,
        name: String
    ) -> Int32 {
        guard FileManager.default.isReadableFile(atPath: path) else {
            errors("showcase: cannot read \(name): " + (FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))
            return GifCommand.unreadableStatus
        }
        // What the file is, its first bytes say (a PNG named `noext`, a JPEG named `.png`).
        let reader = PhotoReader.photos(memory: memory)
        let picture: RGBAImage
        do {
            // Read no larger than the cells can show: a JPEG comes at 1/2 to 1/8 scale.
            let (columns, rows) = drawing.graphics == .symbols ? symbols.resolved(environment: environment).grid : (drawing.cell.width, drawing.cell.height)
            picture = try reader.readForThumbnail(path, max(box.width * columns, box.height * rows)).image
        } catch {
            errors("showcase: \(name): " + ((error as? PhotoReadFailure).map(MemoryBudget.explain) ?? "\(error)"))
            return (error as? PhotoReadFailure)?.kind == .unreadable ? GifCommand.unreadableStatus : GifCommand.undecodableStatus
        }
        let cells = drawing.cells(for: Size(width: picture.width, height: picture.height), in: box)
        // An animated GIF in kitty: every frame sent once, and the terminal plays them.
        if drawing.graphics == .kitty, ImageFile.firstBytes(ofFile: path).map({ GifCommand.isGif(Data($0)) }) == true,
            let animation = try? AnimatedImage(contentsOfFile: path, limits: memory.limits),
            let sent = drawing.inlineAnimation(animation, cells: cells)
        {
            output(sent)
            return 0
        }
        guard drawing.graphics == .symbols else {
            output(drawing.inline(picture, cells: cells))
            return 0
        }
        let style = ImageStyle(
            symbols: symbols.resolved(environment: environment),
            theme: .detect(environment: environment),
            colorMode: colorDepth == .none ? .monochrome : .color
        )
        output(style.rasterize(picture, filling: cells).ansiText(colorDepth: colorDepth))
        return 0
    }

    /// Copies standard input, a GIF, PNG or JPEG by its first bytes, to a file of its own
    /// (the caller removes it) a chunk at a time, so no more than a chunk of it is in memory:
    /// nothing more is read of what is none of them, nor past `memory`'s
    /// ``MemoryBudget/standardInputLimit``.
    static func copyStandardInput(memory: MemoryBudget) -> Result<String, GifCommand.LoadFailure> {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("showcase-view-\(UUID().uuidString)").path
        func cannotKeep(_ reason: String) -> GifCommand.LoadFailure {
            GifCommand.LoadFailure(
                message: "showcase: cannot keep standard input in \(folder.path.sanitizedForTerminal) (\(reason)); "
                    + "set TMPDIR to a folder you can write with room",
                status: GifCommand.unreadableStatus
            )
        }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: path)
        else { return .failure(cannotKeep("it cannot be written")) }
        defer { try? file.close() }
        func keep(_ chunk: Data) -> GifCommand.LoadFailure? {
            do {
                try file.write(contentsOf: chunk)
                return nil
            } catch {
                return cannotKeep("\(error.localizedDescription)".sanitizedForTerminal)
            }
        }
        let failure = GifCommand.streamStandardInput(
            limit: memory.standardInputLimit,
            signature: 8,
            accepts: { GifCommand.isGif($0) || ImageFile.Format(signature: $0) != nil },
            refusal: "is not a GIF, PNG or JPEG (its first bytes are none of theirs)",
            tooLarge: memory.tooMuchInput(what: "picture"),
            take: keep
        )
        if let failure {
            try? FileManager.default.removeItem(atPath: path)
            return .failure(failure)
        }
        return .success(path)
    }
}
