import Foundation
import IndicatorKit
import PickerSelection
import Testing

/// The example of docs/PickerSelection.md, compiled and run as written.
@MainActor
struct DocExampleTests {
    // B4.1 B4.8
    @Test("B4.1, B4.8: the example's picker, presented on a screen, returns the chosen images in order")
    func thePickerReturnsTheChosenImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ik-doc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let env = ["XDG_DATA_HOME": folder.path]
        let scheduler = VirtualScheduler()
        let screen = Screen(title: "Home")
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 30))
        let host = TerminalHost(backend: terminal, root: screen)
        var result: [Photo]?? = .none

        let library = try PhotoLibrary(path: PhotoLibrary.defaultPath(environment: env))
        try library.fillWithSampleIfEmpty()
        let picker = PickerView(store: library, clock: scheduler, limit: 20)
        picker.onNeedsDisplay = { host.setNeedsDisplay() }
        picker.onFinish = { chosen in result = .some(chosen) }
        screen.present(Screen(title: "Picker", content: picker))
        picker.appear()

        #expect(PhotoLibrary.defaultPath(environment: env).hasPrefix(folder.path + "/indicatorkit/"))
        scheduler.advance(by: .milliseconds(300))
        host.renderIfNeeded()
        #expect(terminal.text.contains("All Photos"))
        for key in [Key.right, .enter, .left, .enter, .character("c")] { _ = host.send(.key(key)) }
        #expect(result??.map(\.id) == [2, 1])
    }
}
