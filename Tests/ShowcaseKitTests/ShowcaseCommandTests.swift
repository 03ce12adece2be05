import Foundation
import GifDecoding
import ImageFiles
import IndicatorKit
import TUITesting
import TerminalGraphics
import Testing

@testable import ShowcaseKit

struct ShowcaseCommandTests {
    @Test func parsesCommands() throws {
        #expect(try ShowcaseCommand.parse([]) == .interactive(scene: nil, library: nil))
        #expect(try ShowcaseCommand.parse(["--scene", "terminal"]) == .interactive(scene: "terminal", library: nil))
        #expect(try ShowcaseCommand.parse(["--library", "/tmp/x.sqlite", "--scene", "picker"]) == .interactive(scene: "picker", library: "/tmp/x.sqlite"))
        #expect(try ShowcaseCommand.parse(["library", "stats"]) == .library(.stats(library: nil)))
        #expect(
            try ShowcaseCommand.parse(["library", "import", "d", "--album", "A", "--library", "l"]) == .library(.importFolder("d", album: "A", library: "l"))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["library", "import"]) }
        #expect(throws: UsageError.self, "an unnamed album is refused") { try ShowcaseCommand.parse(["library", "import", "d", "--album", " "]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["library", "burn"]) }
        #expect(try ShowcaseCommand.parse(["--help"]) == .help)
        #expect(try ShowcaseCommand.parse(["-h"]) == .help)
        #expect(try ShowcaseCommand.parse(["--version"]) == .version)
        #expect(try ShowcaseCommand.parse(["headless"]) == .headless(paths: []))
        #expect(try ShowcaseCommand.parse(["headless", "a", "b"]) == .headless(paths: ["a", "b"]))
        #expect(try ShowcaseCommand.parse(["headless", "--svg", "pics", "a"]) == .headless(paths: ["a"], svg: "pics"))
        #expect(try ShowcaseCommand.parse(["headless", "--svg=pics"]) == .headless(paths: [], svg: "pics"))
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["headless", "--png", "x"]) }
    }

    @Test func optionsTakeTheirValueAfterAnEqualsSignAsGNUToolsDo() throws {
        #expect(try ShowcaseCommand.parse(["--scene=refresh"]) == .interactive(scene: "refresh", library: nil))
        #expect(try ShowcaseCommand.parse(["--library=l", "library", "stats"]) == .library(.stats(library: "l")))
        #expect(
            try ShowcaseCommand.parse(["library", "import", "d", "--album=Summer trip"]) == .library(.importFolder("d", album: "Summer trip", library: nil))
        )
        #expect(
            try ShowcaseCommand.parse(["gif", "frames", "a.gif", "--out=d", "--max-memory=300"])
                == .gif(.frames(path: "a.gif", output: "d", memory: MemoryBudget(bytes: 300 << 20)))
        )
        #expect(
            try ShowcaseCommand.parse(["run", "--label=Nap", "--", "sleep", "--x=1"])
                == .run(RunCommand(label: "Nap", style: nil, command: ["sleep", "--x=1"])),
            "the command's own words are left alone"
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["--scene=nope"]) }
    }

    @Test func theAppTakesTheSymbolSetToDrawImagesWith() throws {
        #expect(try ShowcaseCommand.parse(["--symbols", "sextant"]) == .interactive(scene: nil, library: nil, symbols: .set(.sextant)))
        #expect(try ShowcaseCommand.parse(["--symbols=braille", "--scene", "gif"]) == .interactive(scene: "gif", library: nil, symbols: .set(.braille)))
        #expect(try ShowcaseCommand.parse([]) == .interactive(scene: nil, library: nil, symbols: .automatic))
        #expect(try ShowcaseCommand.parse(["--graphics", "sixel", "--scene", "gif"]) == .interactive(scene: "gif", library: nil, graphics: .sixel))
        #expect(try ShowcaseCommand.parse(["--graphics=auto"]) == .interactive(scene: nil, library: nil))
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["--graphics", "kitty", "library", "stats"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["--symbols", "dots"]) }
        #expect(throws: UsageError.self, "not with another command") { try ShowcaseCommand.parse(["--symbols", "half", "headless"]) }
    }

    @Test func viewTakesAFileAWidthAndASymbolSet() throws {
        #expect(
            try ShowcaseCommand.parse(["view", "a.jpg", "--width=40", "--symbols", "sextant"])
                == .view(ViewCommand(path: "a.jpg", width: 40, symbols: .set(.sextant), memory: .default))
        )
        #expect(try ShowcaseCommand.parse(["view", "a.png"]) == .view(ViewCommand(path: "a.png", width: nil, symbols: .automatic, memory: .default)))
        #expect(
            try ShowcaseCommand.parse(["view", "a.png", "--graphics", "sixel"])
                == .view(ViewCommand(path: "a.png", width: nil, symbols: .automatic, memory: .default, graphics: .sixel))
        )
        #expect(
            try ShowcaseCommand.parse(["view", "a.png", "--graphics", "auto"])
                == .view(ViewCommand(path: "a.png", width: nil, symbols: .automatic, memory: .default))
        )
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["view", "a.png", "--graphics", "ascii-art"]) }
        #expect(throws: UsageError.self, "a width of 0") { try ShowcaseCommand.parse(["view", "a.png", "--width", "0"]) }
        #expect(throws: UsageError.self, "two files") { try ShowcaseCommand.parse(["view", "a.png", "b.png"]) }
        #expect(throws: UsageError.self, "no file") { try ShowcaseCommand.parse(["view"]) }
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .none)
    }

    @Test func everyCommandHasItsOwnHelp() throws {
        #expect(try ShowcaseCommand.parse(["gif", "--help"]) == .commandHelp("gif"))
        #expect(try ShowcaseCommand.parse(["gif", "info", "--help"]) == .commandHelp("gif info"))
        #expect(try ShowcaseCommand.parse(["gif", "frames", "x.gif", "-h"]) == .commandHelp("gif frames"))
        #expect(try ShowcaseCommand.parse(["library", "stats", "--help"]) == .commandHelp("library stats"))
        #expect(try ShowcaseCommand.parse(["--library", "l", "library", "import", "--help"]) == .commandHelp("library import"))
        #expect(try ShowcaseCommand.parse(["run", "--help"]) == .commandHelp("run"))
        #expect(try ShowcaseCommand.parse(["headless", "--help"]) == .commandHelp("headless"))
        #expect(
            try ShowcaseCommand.parse(["run", "--", "ls", "--help"]) == .run(RunCommand(label: nil, style: nil, command: ["ls", "--help"])),
            "a command's --help is the command's"
        )
        #expect(try ShowcaseCommand.parse(["view", "--help"]) == .commandHelp("view"))
        for name in ["gif", "gif info", "gif frames", "gif play", "library", "library import", "library stats", "run", "headless", "view"] {
            // Each command's help whole (`library import`'s says it ends with 65 when any failed).
            expectSnapshot(
                ShowcaseCommand.help(for: name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                "help-" + name.replacingOccurrences(of: " ", with: "-")
            )
        }
        #expect(throws: UsageError.self, "gif play cannot read the GIF from its key input") { try ShowcaseCommand.parse(["gif", "play", "-"]) }
    }

    @Test func theLibraryMayBeChosenBeforeTheLibraryCommand() throws {
        #expect(try ShowcaseCommand.parse(["--library", "l", "library", "stats"]) == .library(.stats(library: "l")))
        #expect(try ShowcaseCommand.parse(["--library", "l", "library", "import", "d"]) == .library(.importFolder("d", album: nil, library: "l")))
    }

    @Test func theShortUsageIsTheUsageLinesAndAPointerToHelp() {
        let short = ShowcaseCommand.shortUsage
        expectSnapshot(short.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "short-usage")  // no SCENES
        #expect(short.hasSuffix("Run `showcase --help` for the commands, options and scenes."))
    }

    /// A usage error in one command shows that command's usage, not the whole app's.
    @Test func aCommandsUsageErrorShowsThatCommandsUsage() {
        func rows(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        expectSnapshot(rows(ShowcaseCommand.shortUsage(for: ["run", "--style", "nosuch", "--", "true"])), "short-usage-run")
        expectSnapshot(rows(ShowcaseCommand.shortUsage(for: ["gif", "info"])), "short-usage-gif-info")
        expectSnapshot(rows(ShowcaseCommand.shortUsage(for: ["gif"])), "short-usage-gif")  // a group: its commands
        #expect(ShowcaseCommand.shortUsage(for: ["--bogus"]) == ShowcaseCommand.shortUsage)
        #expect(ShowcaseCommand.shortUsage(for: ["launch"]) == ShowcaseCommand.shortUsage)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option `--bogus`"),
        (["launch"], "unknown command `launch`"),
        (["--scene"], "`--scene` needs a value"),
        (["--scene", "nowhere"], "no scene `nowhere`"),
        (["headless", "--fast"], "unknown option `--fast` for `headless`"),
        (["--version", "x"], "takes no arguments"),
        (["--library", "a", "library", "stats", "--library", "b"], "`--library` is given twice"),
        (["--scene", "picker", "library", "stats"], "does not go with `library`"),
        (["--library", "a", "gif", "info", "f.gif"], "not with `gif`"),
        (["--library", "a", "--help"], "takes no arguments"),
    ])
    func rejectsBadCommandLines(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(arguments) }
        do {
            _ = try ShowcaseCommand.parse(arguments)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func usageListsEveryScene() {
        for entry in SceneCatalog.all { #expect(ShowcaseCommand.usage.contains(entry.id)) }
    }
}

/// `showcase view` as pixels: room made, the image over the cells its proportions give.
struct ViewPixelsTests {
    @Test func eachProtocolDrawsOverTheCellsAndLeavesTheCursorBelow() {
        let picture = RGBAImage(width: 300, height: 200)
        let cell = Size(width: 10, height: 20)
        let cells = PictureDrawing(graphics: .kitty, cellPixels: cell).cells(for: Size(width: 300, height: 200), in: Size(width: 40, height: 50))
        #expect(cells == Size(width: 40, height: 13))
        let kitty = PictureDrawing(graphics: .kitty, cellPixels: cell).inline(picture, cells: cells)
        #expect(
            kitty.hasPrefix(String(repeating: "\n", count: 13) + "\u{1B}[13A\r\u{1B}_Ga=T,f=32,o=z,s=300,v=200,"),
            "room first; the picture sent as it is (smaller than the cells' pixels)"
        )
        #expect(kitty.contains(",c=40,r=13,C=1,") && kitty.hasSuffix("\u{1B}[12B\r"))
        let sixel = PictureDrawing(graphics: .sixel, cellPixels: cell).inline(picture, cells: cells)
        #expect(sixel.contains("\u{1B}P0;1;0q\"1;1;400;260"), "sixel at the cells' own pixels")
        let iterm = PictureDrawing(graphics: .iterm, cellPixels: cell).inline(picture, cells: cells)
        #expect(iterm.contains(";width=40;height=13;"))
    }
}

extension ViewPixelsTests {
    @Test func anAnimatedGIFIsSentOnceAndPlayedByKitty() throws {
        let spinner = try AnimatedImage.spinner()
        let cells = Size(width: 14, height: 5)
        let sent = try #require(PictureDrawing(graphics: .kitty, cellPixels: Size(width: 10, height: 20)).inlineAnimation(spinner, cells: cells))
        #expect(sent.components(separatedBy: "\u{1B}_Ga=T,").count == 2, "the first frame shown once")
        #expect(sent.components(separatedBy: "\u{1B}_Ga=f,").count - 1 == spinner.frameCount - 1, "every other frame added once")
        let firstGap = spinner.duration(ofFrame: 0).components.attoseconds / 1_000_000_000_000_000 + spinner.duration(ofFrame: 0).components.seconds * 1000
        #expect(sent.contains("a=a,i=") && sent.contains(",r=1,z=\(firstGap),"), "the first frame's own gap")
        #expect(sent.contains(",s=3,v=1,q=2"), "run by the terminal, for ever as the GIF says")
        #expect(sent.hasSuffix("\u{1B}[4B\r"), "nothing after: the terminal plays it")
    }
}

extension ViewPixelsTests {
    @Test func aSixelIsNoLargerThanTheTerminalDrawsOne() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try ImageFile.writePNG(RGBAImage(width: 2000, height: 1000), to: file)
        var out = ""
        let status = ViewCommand(path: file, width: nil, symbols: .automatic, memory: .default).run(
            box: Size(width: 200, height: 100),
            colorDepth: .trueColor,
            environment: [:],
            drawing: PictureDrawing(graphics: .sixel, cellPixels: Size(width: 10, height: 20), sixelMaximum: Size(width: 1000, height: 600)),
            output: { out += $0 },
            errors: { _ in }
        )
        #expect(status == 0)
        let raster = try #require(out.firstRange(of: "\"1;1;")).upperBound
        let numbers = out[raster...].prefix { $0.isNumber || $0 == ";" }.split(separator: ";").compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers[0] <= 1000 && numbers[1] <= 600, "\(numbers)")
    }
}

extension ViewPixelsTests {
    @Test func insideTmuxAPictureIsPlacedAsTextThroughPassthrough() throws {
        var picture = RGBAImage(width: 30, height: 20)
        picture[3, 4] = RGBA(200, 40, 40)
        let cells = Size(width: 6, height: 2)
        let drawing = PictureDrawing(graphics: .kitty, cellPixels: Size(width: 10, height: 20), kittyAsText: true, throughTmux: true)
        let sent = drawing.inline(picture, cells: cells)
        // The commands go to the terminal outside tmux, each wrapped, their escapes doubled.
        let commands = String(sent.prefix { $0 != "\n" })
        #expect(commands.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=32,o=z,s=30,v=20,i="))
        let id = try #require(commands.split(separator: ",").first { $0.hasPrefix("i=") }.flatMap { UInt32($0.dropFirst(2)) })
        #expect(sent.contains("\u{1B}\u{1B}_Ga=p,U=1,i=\(id),c=6,r=2,q=2\u{1B}\u{1B}\\"), "placed virtually over the cells")
        // Then one line a row: the id as the 24-bit foreground, a placeholder a cell.
        let color = "\u{1B}[38;2;\(id >> 16 & 0xFF);\(id >> 8 & 0xFF);\(id & 0xFF)m"
        let rows = sent.components(separatedBy: color).dropFirst().map { $0.components(separatedBy: "\u{1B}[39m")[0] }
        #expect(rows.count == 2)
        for (row, text) in rows.enumerated() {
            let named = text.map { KittyPlaceholder.decode(String($0)[...].unicodeScalars) }
            #expect(named.count == 6 && named.enumerated().allSatisfy { $0.element?.row == row && $0.element?.column == $0.offset }, "row \(row): \(named)")
        }
    }
}

/// The command line is declared once: the parser reads the declarations and the help is
/// written from them.
struct CommandDeclarationTests {
    @Test func everyDeclaredOptionIsInItsCommandsUsageAndHelp() {
        for command in ShowcaseCommandLine.commands {
            let help = ShowcaseCommand.help(for: command.name)
            for option in command.options {
                // A command of many options says [OPTIONS] in its usage; its help lists each.
                #expect(command.usage.contains(option.synopsis) || command.usage.contains("[OPTIONS]"), "\(command.name): \(option.name)")
                #expect(help.contains(option.synopsis), "\(command.name): \(option.name)")
            }
        }
    }

    @Test func anOptionNotDeclaredForACommandIsRefusedByName() {
        // `--json` is gif info's; `gif play` does not take it.
        #expect(throws: UsageError("unknown option `--json` for `gif play`")) { try ShowcaseCommand.parse(["gif", "play", "a.gif", "--json"]) }
        #expect(throws: UsageError("`--json` takes no value")) { try ShowcaseCommand.parse(["gif", "info", "a.gif", "--json=yes"]) }
        #expect(throws: UsageError("`--width` is given twice; give it once")) { try ShowcaseCommand.parse(["view", "a.png", "--width", "4", "--width=5"]) }
        #expect(throws: UsageError("`gif frames` needs `--out DIR`")) { try ShowcaseCommand.parse(["gif", "frames", "a.gif"]) }
    }

    @Test func graphicsIsReadOneWayWhereverItIsTaken() {
        let app = #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["--graphics", "png"]) }
        let view = #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["view", "a.png", "--graphics", "png"]) }
        #expect(app?.message == "`--graphics` takes kitty, sixel, iterm, symbols or auto, not `png`")
        #expect(view?.message == app?.message)
    }

    @Test func theHelpIsWrappedToEightyColumns() {
        let texts = [ShowcaseCommand.usage] + ShowcaseCommandLine.commands.map { ShowcaseCommand.help(for: $0.name) }
        for text in texts {
            for line in text.split(separator: "\n") where !line.hasPrefix("USAGE:") && !line.hasPrefix("       showcase") {
                #expect(line.displayWidth <= 80, "\(line)")
            }
        }
    }
}
