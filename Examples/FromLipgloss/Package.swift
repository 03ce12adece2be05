// swift-tools-version:6.0
// Ports of lipgloss's examples (Debian's 0.5.0), each an executable of the example's name:
// `swift run layout`. The text they print equals lipgloss's cell for cell
// (Tests/LipglossPortsTests); docs/FromLipgloss.md maps each part.
import PackageDescription

let package = Package(
    name: "FromLipgloss",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "IndicatorKit", path: "../..")],
    targets: [
        .target(
            name: "LipglossPorts",
            dependencies: [.product(name: "Widgets", package: "IndicatorKit"), .product(name: "TerminalIO", package: "IndicatorKit")]
        ),
        .executableTarget(name: "layout", dependencies: ["LipglossPorts"]),
        .testTarget(name: "LipglossPortsTests", dependencies: ["LipglossPorts"], exclude: ["Screens"]),
    ]
)
