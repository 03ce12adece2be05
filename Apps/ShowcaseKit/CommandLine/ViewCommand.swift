import Foundation
import PhotoReaders
import PickerSelection
import TUICore

/// `showcase view FILE`: a GIF's first frame, a PNG or a JPEG printed inline in block
/// symbols and colour, fitted to the terminal's width (as chafa prints a picture).
package struct ViewCommand: Equatable, Sendable {
    package var path: String
    /// Columns to fit in (default: the terminal's width, 80 when not a terminal).
    package var width: Int?
    package var symbols: SymbolChoice
    package var memory: MemoryBudget

    static func parse(_ arguments: [String]) throws(UsageError) -> ViewCommand {
        var words = ArgumentWords(arguments)
        let width = try words.value("--width").map { text throws(UsageError) -> Int in
            guard let number = Int(text), (1...1000).contains(number) else { throw UsageError("`--width` takes a number of columns from 1 to 1000, not `\(text.sanitizedForTerminal)`") }
            return number
        }
        let symbols = try SymbolChoice.parse(&words)
        let memory = try MemoryBudget.parse(&words)
        try words.rejectOptions(for: "view")
        guard words.words.count == 1 else { throw UsageError("`view` needs exactly one FILE (a GIF, PNG or JPEG)") }
        return ViewCommand(path: words.words[0], width: width, symbols: symbols, memory: memory)
    }

    /// Prints the picture fitted into `box` (columns × rows) with `output`, or says why not
    /// with `errors`; returns the exit status (65 undecodable, 66 unreadable).
    package func run(box: Size, colorDepth: ColorDepth, environment: [String: String], output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        let name = path.sanitizedForTerminal
        guard FileManager.default.isReadableFile(atPath: path) else {
            errors("error: cannot read \(name): " + (FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))
            return GifCommand.unreadableStatus
        }
        let reader = ImageReader.photos(memory: memory)
        guard reader.fileExtensions.contains((path as NSString).pathExtension.lowercased()) else {
            errors("error: \(name) is not a GIF, PNG or JPEG file (by its name)")
            return GifCommand.undecodableStatus
        }
        let picture: RGBAImage
        do {
            // Read no larger than the cells can show: a JPEG comes at 1/2 to 1/8 scale.
            let (columns, rows) = symbols.resolved(environment: environment).grid
            picture = try reader.readForThumbnail(path, max(box.width * columns, box.height * rows)).image
        } catch {
            errors("error: \(name): \(error)")
            return (error as? PhotoReadFailure)?.kind == .unreadable ? GifCommand.unreadableStatus : GifCommand.undecodableStatus
        }
        let style = ImageStyle(symbols: symbols.resolved(environment: environment), theme: .detect(environment: environment),
                               colorMode: colorDepth == .none ? .monochrome : .color)
        output(style.rasterize(picture, fitting: box).ansiText(colorDepth: colorDepth))
        return 0
    }

    /// The colour depth `environment` says a terminal has, without asking terminfo:
    /// `NO_COLOR` none, `COLORTERM=truecolor|24bit` true colour, a `…256color` TERM the 256
    /// palette, `dumb` or no TERM none, else the 16 ANSI colours.
    package static func colorDepth(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .none }
        return term.contains("256color") ? .palette256 : .ansi16
    }
}
