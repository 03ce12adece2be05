import Indicator
import IndicatorKit
import TestSupport
import Testing

@testable import RefreshControl

/// A list of an app's own items: rows written by the app, a selection the keys and the
/// mouse move, and a refresh that returns items.
@MainActor
struct TypedListTests {
    struct Song: Equatable {
        let title: String
        let seconds: Int
    }

    static let songs = (1...20).map { Song(title: "Song \($0)", seconds: 60 + $0) }

    func render(_ view: some View, _ size: Size = Size(width: 24, height: 5)) -> Canvas { rendered(view, size: size) }

    @Test func aRefreshReturnsTheAppsItemsAndAFailureShowsAboveThem() async throws {
        let clock = VirtualScheduler()
        // The network's state, which the refresh reads when it runs.
        @MainActor final class Network { var fails = false }
        let network = Network()
        struct Unreachable: Error, CustomStringConvertible { var description: String { "no network" } }
        let control = RefreshControl(
            list: ListView(items: [Song(title: "Old", seconds: 1)], selects: true) { $0.title },
            animation: SpinnerStyle.ascii,
            clock: clock
        ) {
            if network.fails { throw Unreachable() }
            return Array(Self.songs.prefix(2))
        }
        control.beginRefreshing()
        await clock.run(for: .seconds(2))
        #expect(control.list.items == Array(Self.songs.prefix(2)))
        network.fails = true
        control.beginRefreshing()
        await clock.run(for: .seconds(2))
        #expect(control.failure == "⚠ Refresh failed: no network")
        #expect(control.list.items == Array(Self.songs.prefix(2)), "the items stay")
        let lines = render(control, Size(width: 30, height: 4)).lines
        #expect(lines.first?.hasPrefix("⚠ Refresh failed: no network") == true)
        #expect(lines[1].hasPrefix("Song 1"))
    }
}
