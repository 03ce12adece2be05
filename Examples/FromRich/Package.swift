// swift-tools-version:6.0
// Ports of rich's examples (Python's rich), each an executable of the example's name:
// `swift run live_progress`. Their last frames equal rich's cell for cell
// (Tests/RichPortsTests); docs/FromRich.md maps each part.
import PackageDescription

let package = Package(
    name: "FromRich",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "IndicatorKit", path: "../..")],
    targets: [
        .target(
            name: "RichPorts",
            dependencies: [.product(name: "Widgets", package: "IndicatorKit"), .product(name: "TerminalIO", package: "IndicatorKit")]
        ),
        .executableTarget(name: "live_progress", dependencies: ["RichPorts"]),
        .executableTarget(name: "table_movie", dependencies: ["RichPorts"]),
        .testTarget(name: "RichPortsTests", dependencies: ["RichPorts"], exclude: ["Screens"]),
    ]
)
