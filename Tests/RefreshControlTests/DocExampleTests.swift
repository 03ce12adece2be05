import GifDecoding
import IndicatorKit
import RefreshControl
import Testing

/// The example of docs/RefreshControl.md, compiled and run as written.
@MainActor
struct DocExampleTests {
    struct RowSource { func latestRows() async throws -> [String] { ["fresh 1", "fresh 2"] } }

    // B0.4 B0.7
    @Test("B0.4, B0.7: the example's control refreshes the list from code through its action")
    func theControlRefreshesTheList() async throws {
        let scheduler = VirtualScheduler()
        let terminal = HeadlessTerminal(size: Size(width: 30, height: 12))
        let initialRows = ["old 1", "old 2"]
        let api = RowSource()

        let list = ListView(rows: initialRows)
        let spinner = try AnimatedImage.spinner()
        let control = RefreshControl(list: list, animation: spinner, clock: scheduler) {
            try await api.latestRows()
        }
        let host = TerminalHost(backend: terminal, root: control)
        control.onNeedsDisplay = { host.setNeedsDisplay() }

        host.renderIfNeeded()
        #expect(terminal.text.contains("old 1"))
        control.beginRefreshing()
        await scheduler.settle()
        await scheduler.run(for: .seconds(2))
        host.renderIfNeeded()
        #expect(list.rows == ["fresh 1", "fresh 2"])
        #expect(terminal.text.contains("fresh 1"))
    }
}
