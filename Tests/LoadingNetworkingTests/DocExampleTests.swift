import Foundation
import IndicatorKit
import Loading
import LoadingNetworking
import LoopbackHTTP
import Testing

/// The example of docs/Loading.md, compiled and run as written, over a real loopback server.
@MainActor
@Suite(.serialized)
struct DocExampleTests {
    struct Store { func items() async throws -> [Int] { [1, 2, 3] } }

    // B3.6 B3.7
    @Test("B3.6, B3.7: the example's center, handle, track and API client end balanced")
    func theExampleEndsBalanced() async throws {
        let server = try LoopbackServer(requestsPerSecond: 10)
        let serverURL = server.baseURL
        let store = Store()
        let tabs = TabContainer(tabs: [Screen(title: "One")])

        let center = LoadingCenter.shared
        center.root = tabs
        center.presentation = .compact

        let handle = center.begin("Saving")
        #expect(center.activeCount == 1)
        handle.end()
        handle.end()
        #expect(center.activeCount == 0)

        let items = try await center.track("Loading items") { try await store.items() }
        #expect(items == [1, 2, 3])

        let api = APIClient(baseURL: serverURL)
        let list: ItemList = try await api.request("/items")
        let quiet: ItemList = try await api.request("/items", showsIndicator: false)
        #expect(list.items.count == 3 && quiet.items.count == 3)
        #expect(center.activeCount == 0)
        center.root = nil
    }
}
