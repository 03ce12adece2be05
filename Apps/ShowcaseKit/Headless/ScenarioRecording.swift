import DemoRecording
import Foundation
import IndicatorKit
import TUIPilot

/// `showcase record SCENARIO`: a headless scenario played on the virtual clock and its
/// frames made into a GIF — a 30-second demo in a fraction of a second, the same bytes every
/// time (the clock, the drawing and the encoding hold nothing from the moment it runs).
@MainActor
package enum ScenarioRecording {
    /// Plays the scenario at `path` and writes its recording to `output`; what went wrong, if anything.
    package static func record(_ path: String, to output: String, fontSize: Int = 16, theme: RecordingTheme = .standard) async -> String? {
        var frames: [(canvas: Canvas, time: Duration)] = []
        var runner = ScenarioRunner.showcase(recordSnapshots: false)
        runner.onFrame = { canvas, time in
            if let last = frames.last, last.time == time { frames.removeLast() }  // the last frame of a moment is the one seen
            frames.append((canvas, time))
        }
        let result = await runner.run(file: path)
        if let failure = result.failure { return failure }
        guard !frames.isEmpty else { return "\(path): the scenario drew nothing to record" }
        do {
            let renderer = try CellRenderer(fontSize: fontSize)
            var colors = ColorIndex()
            var sequence = FrameSequence()
            for (index, frame) in frames.enumerated() {
                let until = index + 1 < frames.count ? frames[index + 1].time : frame.time + .seconds(2)
                let drawn = renderer.draw(frame.canvas, cursor: nil, theme: theme, padding: 10, palette: &colors)
                sequence.append(drawn, lasting: until - frame.time)
            }
            try sequence.gif(colors: colors.colors).write(to: URL(fileURLWithPath: output))
            return nil
        } catch {
            return "\(path): \(error)"
        }
    }
}
