import DemoRecording
import Foundation

/// `showcase record FILE`: a VHS tape played on a shell, a headless scenario played on the
/// virtual clock, or an asciinema cast drawn — each made into a GIF.
package struct RecordCommand: Equatable, Sendable {
    package enum Source: Equatable, Sendable {
        /// A VHS tape: its `Output` lines name what is written.
        case tape
        /// A headless scenario, played against the showcase's scenes.
        case scenario
        /// An asciinema cast (version 2 or 3), drawn as agg draws one.
        case cast
    }

    package var source: Source
    package var file: String
    /// Where a scenario's or a cast's GIF goes.
    package var output: String
    /// Text size in pixels (a scenario's or a cast's; a tape sets its own).
    package var fontSize: Int?
    package var theme: String?
    /// A cast's frames a second at most.
    package var framesPerSecond: Int?
    /// A cast's longest pause kept, in seconds.
    package var idleTimeLimit: Double?
    /// How much faster than recorded a cast plays.
    package var speed: Double?
    /// A cast's lines, this many times the font size.
    package var lineHeight: Double?

    static func parse(_ arguments: [String]) throws(UsageError) -> RecordCommand {
        let parsed = try ShowcaseCommandLine.record.parse(arguments)
        let file = try parsed.oneOperand("TAPE, SCENARIO or CAST")
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let source: Source =
            file.hasSuffix(".scenario") ? .scenario : file.hasSuffix(".cast") ? .cast : .tape
        var command = RecordCommand(source: source, file: file, output: parsed.value("--out") ?? stem + ".gif")
        command.fontSize = try parsed.number("--font-size", in: 6...200, what: "a text size in pixels")
        command.theme = parsed.value("--theme")
        command.framesPerSecond = try parsed.number("--fps", in: 1...100, what: "frames a second")
        command.idleTimeLimit = try Self.decimal(parsed.value("--idle-time-limit"), "--idle-time-limit", "seconds", 0.01...3600)
        command.speed = try Self.decimal(parsed.value("--speed"), "--speed", "a speed", 0.01...100)
        command.lineHeight = try Self.decimal(parsed.value("--line-height"), "--line-height", "a multiple of the font size", 0.5...4)
        if source == .tape {
            for (name, given) in [
                ("--out", parsed.value("--out")), ("--font-size", parsed.value("--font-size")), ("--theme", parsed.value("--theme")),
            ] where given != nil {
                throw UsageError("`\(name)` is for a scenario or a cast; a tape says it with `Output` and `Set`")
            }
        }
        if source != .cast {
            for name in ["--fps", "--idle-time-limit", "--speed", "--line-height"] where parsed.value(name) != nil {
                throw UsageError("`\(name)` is for a cast; a tape sets `Framerate` and `PlaybackSpeed`, a scenario runs on its own clock")
            }
        }
        if let theme = command.theme, RecordingTheme.named[theme.lowercased()] == nil, RecordingTheme.json(theme) == nil {
            throw UsageError(
                "no theme `\(theme.sanitizedForTerminal)`: give one of \(RecordingTheme.named.values.map(\.name).sorted().joined(separator: ", ")), or VHS's JSON"
            )
        }
        return command
    }

    private static func decimal(_ text: String?, _ name: String, _ what: String, _ range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("`\(name)` takes \(what) from \(range.lowerBound) to \(range.upperBound), not `\(text.sanitizedForTerminal)`")
        }
        return value
    }

    /// The theme asked for, or the recording's default.
    var recordingTheme: RecordingTheme {
        guard let theme else { return .standard }
        return RecordingTheme.named[theme.lowercased()] ?? RecordingTheme.json(theme) ?? .standard
    }

    /// Records; `output` hears what was written, `errors` what went wrong. Exit status as
    /// `showcase record`'s usage gives it.
    @MainActor
    package func run(output: (String) -> Void, errors: @escaping (String) -> Void) async -> Int32 {
        switch source {
        case .scenario:
            if let failure = await ScenarioRecording.record(file, to: self.output, fontSize: fontSize ?? 16, theme: recordingTheme) {
                errors("showcase: \(failure)")
                return 65
            }
            output("recorded \(self.output)")
            return 0
        case .cast: return recordCast(output: output, errors: errors)
        case .tape: return recordTape(output: output, errors: errors)
        }
    }

    private func recordCast(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            errors("showcase: cannot read the cast \(file)")
            return 66
        }
        let rendering: CastRenderer.Rendering
        do {
            let cast = try Cast.parse(text)
            var renderer = try CastRenderer(fontSize: fontSize ?? 14, lineHeight: lineHeight ?? 1.4)
            renderer.theme = recordingTheme
            if let framesPerSecond { renderer.framesPerSecond = framesPerSecond }
            if let idleTimeLimit { renderer.idleTimeLimit = idleTimeLimit }
            if let speed { renderer.speed = speed }
            rendering = try renderer.gif(of: cast)
        } catch {
            errors("showcase: \(file): \(error)")
            return 65
        }
        do {
            try rendering.data.write(to: URL(fileURLWithPath: self.output))
        } catch {
            errors("showcase: cannot write \(self.output): \(error.localizedDescription)")
            return 73
        }
        output("recorded \(self.output): \(rendering.width)×\(rendering.height) pixels, \(rendering.frames) frames, \(rendering.data.count) bytes")
        return 0
    }

    private func recordTape(output: (String) -> Void, errors: @escaping (String) -> Void) -> Int32 {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            errors("showcase: cannot read the tape \(file)")
            return 66
        }
        let tape: Tape
        do {
            tape = try Tape.parse(text)
        } catch {
            errors("showcase: \(file): \(error)")
            return 65
        }
        // Outputs and sourced tapes are found from the current folder, as VHS finds them.
        let recorder = Recorder(tape: tape, folder: FileManager.default.currentDirectoryPath, output: { errors("showcase: \($0)") })
        do {
            let report = try recorder.record()
            output(
                "recorded \(report.columns)×\(report.rows) cells, \(report.frames) frames, \(report.length.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))): \(report.files.joined(separator: ", "))"
            )
            return 0
        } catch let error as RecordingError {
            errors("showcase: \(file): \(error)")
            return 65
        } catch {
            errors("showcase: \(file): \(error)")
            return 73
        }
    }
}
