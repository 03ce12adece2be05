// swift-tools-version:6.2
import Foundation
import PackageDescription

/// IndicatorKit: terminal indicator components, one library product per module.
let package = Package(
    name: "IndicatorKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Pixels", targets: ["Pixels"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "ViewCore", targets: ["ViewCore"]),
        .library(name: "CellPictures", targets: ["CellPictures"]),
        .library(name: "TerminalRuntime", targets: ["TerminalRuntime"]),
        .library(name: "Widgets", targets: ["Widgets"]),
        .library(name: "IndicatorKit", targets: ["IndicatorKit"]),
        // IndicatorKit's former name, one release: it re-exports IndicatorKit.
        .library(name: "TUICore", targets: ["TUICore"]),
        .library(name: "TerminalIO", targets: ["TerminalIO"]),
        .library(name: "NcursesTerminal", targets: ["NcursesTerminal"]),
        .library(name: "ChildProcess", targets: ["ChildProcess"]),
        .library(name: "GifDecoding", targets: ["GifDecoding"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
        .library(name: "Indicator", targets: ["Indicator"]),
        .library(name: "RefreshControl", targets: ["RefreshControl"]),
        .library(name: "Loading", targets: ["Loading"]),
        .library(name: "LoadingNetworking", targets: ["LoadingNetworking"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "PhotoReaders", targets: ["PhotoReaders"]),
        .library(name: "TUIPilot", targets: ["TUIPilot"]),
        .library(name: "TUITesting", targets: ["TUITesting"]),
        .library(name: "CommandIndicator", targets: ["CommandIndicator"]),
        .library(name: "PickerSelection", targets: ["PickerSelection"]),
        .library(name: "Prompts", targets: ["Prompts"]),
        // The one program a dependent package gets; the tools (bench, gifgen, giflib-floor,
        // doc-check, …) are this package's own: `swift build --product NAME` builds them here.
        .executable(name: "showcase", targets: ["showcase"]),
    ],
    targets: [
        // C libraries from Debian's -dev packages (installed by Tools/setup).
        .target(name: "CChildProcess", path: "Modules/CChildProcess", cSettings: [.define("_GNU_SOURCE")]),
        .target(name: "CTerminalIO", path: "Modules/CTerminalIO"),
        .target(name: "CImageFiles", path: "Modules/CImageFiles", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        .systemLibrary(name: "CGiflib", path: "Modules/CGiflib"),
        .systemLibrary(name: "CSQLite", path: "Modules/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Modules/CZlib"),
        // FreeType, for the glyphs of demo recordings (Debian's libfreetype-dev).
        .systemLibrary(name: "CFreeType", path: "Modules/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        // Infrastructure shared by the component modules.
        // The kit's own utilities (one lock wrapper), used by the modules; not a product.
        .target(name: "KitSupport", path: "Modules/KitSupport"),
        // Pictures and their frames over time as plain values, the geometry they are measured
        // in, and text made safe to print: what decoders produce and renderers draw; no UI.
        .target(name: "Pixels", path: "Modules/Pixels"),
        // Time and motion: clocks (live and virtual), tweens and easing; no UI.
        .target(name: "Motion", dependencies: ["Pixels", "KitSupport"], path: "Modules/Motion"),
        // Views and what they draw on: cells, styles and colours, the canvas, input, screens,
        // pictures in block symbols and the frame player.
        .target(name: "ViewCore", dependencies: ["Motion", "Pixels"], path: "Modules/ViewCore"),
        // Pictures drawn in cells: the block and braille rasterizers, the style a component
        // draws its picture in, and the player of a picture's frames over time.
        .target(name: "CellPictures", dependencies: ["ViewCore", "Motion", "Pixels"], path: "Modules/CellPictures"),
        // A terminal's screen read back from the bytes a program wrote (text, cursor, erases,
        // the alternate screen): what an in-memory line output and the tests read; not a product.
        .target(name: "TerminalScreen", dependencies: ["Pixels", "ViewCore"], path: "Modules/TerminalScreen"),
        // A view on a terminal: the backend seam, the host, the run loop, a headless terminal.
        .target(name: "TerminalRuntime", dependencies: ["ViewCore", "Motion"], path: "Modules/TerminalRuntime"),
        // Views an app composes: lists, tables, tabs, a navigation stack, buttons, text fields and
        // areas, a viewport, a progress bar, key help, boxes and stacks, timers, an ordered selection.
        .target(name: "Widgets", dependencies: ["ViewCore", "KitSupport"], path: "Modules/Widgets"),
        // The core in one import (and the kit's version).
        .target(
            name: "IndicatorKit",
            dependencies: ["Pixels", "Motion", "ViewCore", "CellPictures", "TerminalRuntime", "Widgets"],
            path: "Modules/IndicatorKit"
        ),
        .target(name: "TUICore", dependencies: ["IndicatorKit"], path: "Modules/TUICore"),
        // Driving an app headless: Pilot and the scenario files' runner (no test framework, so
        // an app's own `headless` command can link it); TUITesting adds Swift Testing's side.
        .target(name: "TUIPilot", dependencies: ["TerminalRuntime"], path: "Modules/TUIPilot"),
        .target(name: "TUITesting", dependencies: ["TUIPilot", "Motion"], path: "Modules/TUITesting"),
        // The real terminal, full screen and inline: its hold (raw mode, signals), terminfo read
        // by the kit, the input parser, the writers, the pseudo-terminal, the start-up answers,
        // pictures; the app runner. Prompts and apps stand on it alone; no ncurses.
        .target(name: "TerminalIO", dependencies: ["TerminalRuntime", "CTerminalIO", "TerminalGraphics", "KitSupport"], path: "Modules/TerminalIO"),
        // The full screen's old name (NcursesTerminal, now TerminalIO's FullScreenTerminal) and
        // TerminalIO re-exported, for one release.
        .target(name: "NcursesTerminal", dependencies: ["TerminalIO"], path: "Modules/NcursesTerminal"),
        .target(name: "ChildProcess", dependencies: ["CChildProcess", "KitSupport"], path: "Modules/ChildProcess"),
        .target(name: "ImageFiles", dependencies: ["CImageFiles", "Pixels"], path: "Modules/ImageFiles"),
        // Pixel images for the terminals that show them: kitty's protocol, sixel, iTerm2's.
        .target(name: "TerminalGraphics", dependencies: ["Pixels", "CZlib", "CTerminalIO", "KitSupport", "ChildProcess"], path: "Modules/TerminalGraphics"),
        .target(name: "SQLiteStore", dependencies: ["CSQLite"], path: "Modules/SQLiteStore"),

        // The component modules.
        .target(name: "GifDecoding", dependencies: ["CGiflib", "Pixels", "KitSupport"], path: "Modules/GifDecoding"),
        .target(
            name: "Indicator",
            dependencies: ["Motion", "ViewCore", "TerminalScreen", "CTerminalIO", "KitSupport", "CellPictures"],
            path: "Modules/Indicator"
        ),
        .target(name: "RefreshControl", dependencies: ["Widgets", "CellPictures"], path: "Modules/RefreshControl"),
        .target(name: "Loading", dependencies: ["ViewCore", "Indicator", "CellPictures"], path: "Modules/Loading"),
        // The API client on URLSession, apart: an app using only the overlay links no
        // FoundationNetworking (nor libcurl and what it brings).
        .target(name: "LoadingNetworking", dependencies: ["Loading", "Indicator", "KitSupport"], path: "Modules/LoadingNetworking"),
        .target(name: "CommandIndicator", dependencies: ["ChildProcess", "Indicator", "Motion", "TerminalRuntime"], path: "Modules/CommandIndicator"),
        // Demo recordings: VHS's tape language read, cells drawn with FreeType, frames to a GIF.
        .target(
            name: "DemoRecording",
            dependencies: ["CFreeType", "Pixels", "ViewCore", "GifDecoding", "TerminalScreen", "TerminalIO", "ImageFiles", "KitSupport"],
            path: "Modules/DemoRecording"
        ),
        .target(name: "PickerSelection", dependencies: ["ViewCore", "Widgets", "SQLiteStore", "KitSupport", "CellPictures"], path: "Modules/PickerSelection"),
        // Questions for command-line tools, asked inline: a choice (ordered, filtered), yes or no, text.
        .target(name: "Prompts", dependencies: ["Widgets", "TerminalRuntime", "TerminalIO", "KitSupport"], path: "Modules/Prompts"),
        .target(name: "PhotoReaders", dependencies: ["PickerSelection", "GifDecoding", "ImageFiles", "Pixels"], path: "Modules/PhotoReaders"),

        // A small HTTP/1.1 server on loopback: the showcase's backend and the tests'; not a product.
        .target(name: "LoopbackHTTP", dependencies: ["KitSupport"], path: "Apps/LoopbackHTTP"),

        // The showcase app: scenes and the headless runner live in ShowcaseKit so tests can drive them.
        .target(
            name: "ShowcaseKit",
            dependencies: [
                "IndicatorKit", "GifDecoding", "ImageFiles", "Indicator", "RefreshControl", "Loading", "LoadingNetworking", "LoopbackHTTP", "PickerSelection",
                "PhotoReaders", "TUIPilot", "TerminalGraphics", "Prompts", "KitSupport", "DemoRecording",
            ],
            path: "Apps/ShowcaseKit"
        ),
        .executableTarget(
            name: "showcase",
            dependencies: [
                "ShowcaseKit", "TerminalIO", "ChildProcess", "CommandIndicator", "GifDecoding", "Indicator", "IndicatorKit", "TerminalGraphics",
                "Prompts", "DemoRecording",
            ],
            path: "Apps/showcase"
        ),

        // Tools: the sample generator and the benchmarks (run in release mode).
        .target(name: "GifSamples", dependencies: ["GifDecoding", "IndicatorKit"], path: "Tools/GifSamples"),
        .executableTarget(name: "gifgen", dependencies: ["GifSamples"], path: "Tools/gifgen"),
        .executableTarget(name: "durability-writer", dependencies: ["PickerSelection"], path: "Tools/durability-writer"),
        .executableTarget(name: "doc-check", path: "Tools/doc-check"),
        .executableTarget(name: "api-check", path: "Tools/api-check"),
        .executableTarget(name: "giflib-floor", path: "Tools/giflib-floor", linkerSettings: [.linkedLibrary("gif")]),
        // `bench frames`'s IndicatorKit side, linking only what the dashboard uses.
        .executableTarget(name: "frames-app", dependencies: ["IndicatorKit", "TerminalIO", "Indicator"], path: "Tools/frames-app"),
        .executableTarget(
            name: "bench",
            dependencies: [
                "IndicatorKit", "TerminalIO", "GifDecoding", "GifSamples", "ImageFiles", "Indicator", "Loading", "PickerSelection", "PhotoReaders",
                "KitSupport", "TerminalGraphics", "Prompts", "CellPictures", "DemoRecording", "TerminalScreen",
            ],
            path: "Tools/bench",
            exclude: ["peers"]  // the peers' own sources (Rust), built by bench itself where cargo is
        ),

        // The kit's entry points called as programs call them (a synchronous main, an async
        // main that awaits first, tasks): run by the tests on a pseudo-terminal; not products.
        .target(
            name: "ProgramShapes",
            dependencies: ["IndicatorKit", "Prompts", "CommandIndicator", "Indicator", "Loading", "TerminalIO"],
            path: "Tests/Programs/ProgramShapes"
        ),
        .executableTarget(
            name: "sync-main",
            dependencies: ["ProgramShapes", "Prompts", "CommandIndicator", "TerminalIO"],
            path: "Tests/Programs/SyncMain"
        ),
        .executableTarget(
            name: "async-main",
            dependencies: ["ProgramShapes", "Prompts", "CommandIndicator", "TerminalIO"],
            path: "Tests/Programs/AsyncMain"
        ),

        // Support for the randomised tests (a seeded generator); not a product.
        .target(name: "TestSupport", dependencies: ["GifDecoding", "GifSamples", "IndicatorKit", "TUITesting"], path: "Tests/TestSupport"),
        .testTarget(name: "PixelsTests", dependencies: ["Pixels"], path: "Tests/PixelsTests"),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "IndicatorKit", "TestSupport"], path: "Tests/MotionTests"),
        .testTarget(name: "ViewCoreTests", dependencies: ["ViewCore", "IndicatorKit", "TestSupport"], path: "Tests/ViewCoreTests"),
        .testTarget(name: "CellPicturesTests", dependencies: ["CellPictures", "ViewCore", "IndicatorKit", "TestSupport"], path: "Tests/CellPicturesTests"),
        .testTarget(
            name: "TerminalRuntimeTests",
            dependencies: ["TerminalRuntime", "Motion", "IndicatorKit", "TestSupport"],
            path: "Tests/TerminalRuntimeTests"
        ),
        .testTarget(
            name: "TerminalIOTests",
            dependencies: ["TerminalScreen", "TerminalIO", "IndicatorKit", "TerminalGraphics", "TestSupport"],
            path: "Tests/TerminalIOTests"
        ),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "IndicatorKit", "TUIPilot", "TestSupport"], path: "Tests/WidgetsTests"),
        .testTarget(name: "IndicatorKitTests", dependencies: ["IndicatorKit", "TUICore", "TUITesting"], path: "Tests/IndicatorKitTests"),
        .testTarget(name: "GifDecodingTests", dependencies: ["GifDecoding", "IndicatorKit", "GifSamples"], path: "Tests/GifDecodingTests"),
        .testTarget(
            name: "IndicatorTests",
            dependencies: ["TerminalScreen", "Indicator", "IndicatorKit", "GifDecoding", "TerminalIO", "TUITesting", "TestSupport"],
            path: "Tests/IndicatorTests"
        ),
        .testTarget(
            name: "RefreshControlTests",
            dependencies: ["RefreshControl", "IndicatorKit", "Indicator", "GifDecoding", "TestSupport"],
            path: "Tests/RefreshControlTests"
        ),
        .testTarget(
            name: "LoadingTests",
            dependencies: ["Loading", "IndicatorKit", "Indicator", "GifDecoding", "LoopbackHTTP", "TestSupport"],
            path: "Tests/LoadingTests"
        ),
        .testTarget(
            name: "LoadingNetworkingTests",
            dependencies: ["LoadingNetworking", "Loading", "Indicator", "IndicatorKit", "LoopbackHTTP", "TestSupport"],
            path: "Tests/LoadingNetworkingTests"
        ),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"], path: "Tests/ChildProcessTests"),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "TestSupport"], path: "Tests/SQLiteStoreTests"),
        .testTarget(
            name: "TUIPilotTests",
            dependencies: ["TUIPilot", "TUITesting", "IndicatorKit"],
            path: "Tests/TUIPilotTests",
            exclude: ["__Snapshots__", "Scenarios"]
        ),
        .testTarget(name: "PromptsTests", dependencies: ["Prompts", "TUIPilot", "IndicatorKit", "TestSupport", "KitSupport"], path: "Tests/PromptsTests"),
        .testTarget(
            name: "DemoRecordingTests",
            dependencies: ["DemoRecording", "GifDecoding", "ViewCore", "Pixels", "TerminalScreen"],
            path: "Tests/DemoRecordingTests"
        ),
        .testTarget(name: "TerminalScreenTests", dependencies: ["TerminalScreen", "ViewCore", "Pixels"], path: "Tests/TerminalScreenTests"),
        .testTarget(name: "TUITestingTests", dependencies: ["TUITesting", "Motion"], path: "Tests/TUITestingTests"),
        .testTarget(
            name: "CommandIndicatorTests",
            dependencies: ["CommandIndicator", "ChildProcess", "Indicator", "IndicatorKit"],
            path: "Tests/CommandIndicatorTests"
        ),
        .testTarget(
            name: "PhotoReadersTests",
            dependencies: ["PhotoReaders", "PickerSelection", "GifDecoding", "ImageFiles", "IndicatorKit"],
            path: "Tests/PhotoReadersTests"
        ),
        .testTarget(
            name: "PickerSelectionTests",
            dependencies: ["PickerSelection", "IndicatorKit", "SQLiteStore", "GifDecoding", "TUITesting", "TestSupport"],
            path: "Tests/PickerSelectionTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "FullScreenTerminalTests",
            dependencies: ["TerminalScreen", "TerminalIO", "IndicatorKit", "TerminalGraphics", "TestSupport"],
            path: "Tests/FullScreenTerminalTests"
        ),
        .testTarget(
            name: "ShowcaseKitTests",
            dependencies: [
                "ShowcaseKit", "IndicatorKit", "SQLiteStore", "TerminalIO", "GifDecoding", "ImageFiles", "TUIPilot", "TUITesting",
                "TerminalGraphics", "TerminalScreen", "TestSupport", "ChildProcess", "Pixels",
            ],
            path: "Tests/ShowcaseKitTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "TerminalGraphicsTests",
            dependencies: ["TerminalGraphics", "IndicatorKit", "ImageFiles", "GifSamples", "TestSupport"],
            path: "Tests/TerminalGraphicsTests"
        ),
        .testTarget(name: "ImageFilesTests", dependencies: ["ImageFiles", "IndicatorKit"], path: "Tests/ImageFilesTests", exclude: ["PNGKinds"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target exists only for Tools/fuzz/run (libFuzzer supplies its `main`).
if ProcessInfo.processInfo.environment["INDICATORKIT_FUZZ"] == "1" {
    package.targets.append(.target(name: "FuzzDriver", path: "Tools/fuzz/FuzzDriver"))
    package.targets.append(.executableTarget(name: "gif-fuzz", dependencies: ["GifDecoding", "FuzzDriver"], path: "Tools/fuzz/GifFuzz"))
    package.products.append(.executable(name: "gif-fuzz", targets: ["gif-fuzz"]))
    package.targets.append(.executableTarget(name: "image-fuzz", dependencies: ["ImageFiles", "IndicatorKit", "FuzzDriver"], path: "Tools/fuzz/ImageFuzz"))
    package.products.append(.executable(name: "image-fuzz", targets: ["image-fuzz"]))
    package.targets.append(
        .executableTarget(
            name: "terminal-fuzz",
            dependencies: ["TerminalIO", "TerminalGraphics", "IndicatorKit", "FuzzDriver"],
            path: "Tools/fuzz/TerminalFuzz"
        )
    )
    package.products.append(.executable(name: "terminal-fuzz", targets: ["terminal-fuzz"]))
    package.targets.append(
        .executableTarget(name: "template-fuzz", dependencies: ["Indicator", "Motion", "ViewCore", "FuzzDriver"], path: "Tools/fuzz/TemplateFuzz")
    )
    package.products.append(.executable(name: "template-fuzz", targets: ["template-fuzz"]))
    package.targets.append(.executableTarget(name: "widgets-fuzz", dependencies: ["IndicatorKit", "FuzzDriver"], path: "Tools/fuzz/WidgetsFuzz"))
    package.products.append(.executable(name: "widgets-fuzz", targets: ["widgets-fuzz"]))
}
