// swift-tools-version:6.0
// Ports of tui 0.19's examples (ratatui's parent), each an executable of the example's name
// with the same keys and data: `swift run block`. Their first screens at 80×24 are the
// originals' cell for cell (Tests/RatatuiPortsTests); docs/FromRatatui.md maps each part.
import PackageDescription

let ports = [
    "barchart", "block", "canvas", "chart", "custom_widget", "gauge", "layout", "list", "paragraph", "popup", "sparkline", "table", "tabs", "user_input",
]

let package = Package(
    name: "FromRatatui",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "IndicatorKit", path: "../..")],
    targets: [
        .target(
            name: "RatatuiPorts",
            dependencies: [.product(name: "Widgets", package: "IndicatorKit"), .product(name: "TerminalIO", package: "IndicatorKit")]
        ),
        .testTarget(name: "RatatuiPortsTests", dependencies: ["RatatuiPorts"], exclude: ["Screens"]),
    ]
        + ports.map { .executableTarget(name: $0, dependencies: ["RatatuiPorts"]) }
)
