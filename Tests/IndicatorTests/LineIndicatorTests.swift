import Foundation
import IndicatorKit
import TUITesting
import TerminalScreen
import Testing

@testable import Indicator

/// Bars and spinners on a recorded terminal, drawn when the test ticks, on a manual clock.
struct LineIndicatorTests {
    func terminal(columns: Int = 60, colors: Bool = false) -> (ProgressGroup, RecordingLineOutput, ManualTime) {
        let output = RecordingLineOutput(isTerminal: true, columns: columns)
        let clock = ManualTime()
        return (ProgressGroup(output: output, mode: .animated(colors: colors), clock: clock, drawsOnItsOwnThread: false), output, clock)
    }

    @Test func aBarShowsItsPositionPercentRateAndETA() {
        let (group, output, clock) = terminal()
        let bar = group.bar(total: 200, message: "Hashing")
        for _ in 0..<10 {
            clock.advance(by: .milliseconds(100))
            bar.inc(5)
            group.tick()
        }
        let line = output.screen.last ?? ""
        #expect(line.hasPrefix("Hashing █████▊"), "\(line)")
        #expect(line.hasSuffix(" 25% 50/200 · 50/s · ETA 3 s"), "\(line)")
        #expect(line.count == 59, "the last column is left free")
    }

    @Test func anyPositionAndLengthDrawWithoutTrappingAndTheCountStopsAtItsEnds() throws {
        let (group, output, clock) = terminal(columns: 200)
        let every = try ProgressStyle(
            template: "{pos} {len} {percent} {percent_precise} {rate} {eta} {eta_precise} {duration} {human_pos} {bytes} {bytes_per_sec} {bar:10}"
        )
        let bar = group.bar(total: 100, message: "", style: every)
        for (value, step, total) in [(Int.max - 1, 5, 100), (Int.min + 1, -5, 100), (Int.min, -1, Int.max), (Int.max, 1, Int.max)] {
            bar.total = total
            bar.value = value
            bar.inc(step)
            #expect(bar.value == (step > 0 ? Int.max : Int.min), "saturated, not wrapped")
            clock.advance(by: .milliseconds(200))
            group.tick()
            bar.inc(-step)  // a step back from either end moves it again
            #expect(bar.value == (step > 0 ? Int.max : Int.min) - step)
            clock.advance(by: .milliseconds(200))
            group.tick()
        }
        let line = output.screen.last ?? ""
        #expect(line.hasPrefix("9223372036854775806 9223372036854775807 100 100.000 "), "\(line)")  // a Double cannot tell them apart
        bar.value = Int.min
        clock.advance(by: .milliseconds(200))
        group.tick()
        #expect((output.screen.last ?? "").hasPrefix("-9223372036854775808 9223372036854775807 0 0.000 "), "\(output.screen.last ?? "")")
    }

    @Test func aFrameBuildsOnlyWhatItShowsHoweverManyFieldsTheTemplateHas() throws {
        let (group, _, _) = terminal(columns: 80)
        let wide = try ProgressStyle(template: String(repeating: "{bar:1000}", count: 10_000) + "{msg}")
        let bar = group.bar(total: 10, message: String(repeating: "m", count: 1_000_000), style: wide)
        bar.inc(5)
        var built = LineCellBuilder()
        built.limit = 79
        built.append(String(repeating: "█", count: 500))
        #expect(built.cells.count == 80, "one cell past the room, no more")
        let cells = bar.renderCells(at: .seconds(1), columns: 80)
        #expect(cells.count == 79 && cells.last?.text == "…", "cut to the room, an ellipsis last")
        #expect(cells.dropLast().plainText == String(repeating: "█", count: 78))
        bar.finish()
    }

    @Test func aLineFitsEveryWidthAndNeverWraps() {
        for columns in [1, 2, 5, 12, 20, 40, 80, 200] {
            let (group, output, clock) = terminal(columns: columns)
            let bar = group.bar(total: 100_000, message: "A message longer than most terminals are wide, to be cut", unit: .bytes)
            bar.inc(12_345)
            clock.advance(by: .seconds(2))
            group.tick()
            for row in output.screen { #expect(row.count < max(2, columns), "\(columns) columns: \(row)") }
            bar.finish()
        }
    }

    @Test func aMillionIncrementsCostOneRedrawAndAnUnchangedLineNone() {
        let (group, output, clock) = terminal()
        let bar = group.bar(total: 1_000_000, message: "Counting")
        let before = group.redrawCount
        for _ in 0..<1_000_000 { bar.inc() }
        clock.advance(by: .milliseconds(50))
        group.tick()
        #expect(group.redrawCount == before + 1)
        #expect(bar.value == 1_000_000)
        let writes = output.writeCount
        group.tick()
        #expect(output.writeCount == writes, "nothing changed: nothing written")
    }

    @Test func incrementsFromManyThreadsAllCount() async {
        let (group, _, _) = terminal()
        let bar = group.bar(total: nil, message: "Counting")
        await withTaskGroup(of: Void.self) { tasks in
            for _ in 0..<8 { tasks.addTask { for _ in 0..<100_000 { bar.inc() } } }
        }
        #expect(bar.value == 800_000)
        bar.clear()
    }

    @Test func linesAddedAndFinishedInAnyOrderLeaveTheRightLines() {
        let (group, output, clock) = terminal()
        let a = group.bar(total: 10, message: "a")
        let b = group.spinner("b")
        let c = group.bar(total: 4, message: "c")
        group.tick()
        #expect(output.screen.count == 3)
        b.succeed("b done")
        #expect(output.screen[1] == "✓ b done (0.0 s)", "\(output.screen)")
        group.println("a note")
        #expect(output.screen[0] == "a note", "printed above the lines: \(output.screen)")
        #expect(output.screen.count == 4)
        c.inc(4)
        c.finish()
        clock.advance(by: .seconds(1))
        a.fail(detail: "disk full")
        #expect(output.screen.count == 5, "\(output.screen)")  // a note, a, b, c, and the line the cursor went on to
        expectScreen(output.screen, ["a note", "✗ a (disk full, 1.0 s)", "✓ b done (0.0 s)", "c ██████████████████████████████ 100% 4/4 · 0.0/s · ETA 0 s"])
        #expect(output.text.hasSuffix("\u{1B}[?25h"), "the cursor shown again")
        // A new line after that starts below, in a block of its own.
        let d = group.spinner("d")
        #expect(output.screen.count == 5 && output.screen[4].hasSuffix(" d 1 s") == false)
        d.clear()
        #expect(output.screen.count == 5 && output.screen[4] == "", "a cleared line leaves nothing")
    }

    @Test func aFinishedLineAtTheTopBecomesOutputAndAClearedOneGoes() {
        let (group, output, _) = terminal()
        let first = group.spinner("first")
        let second = group.spinner("second")
        let third = group.spinner("third")
        first.clear()
        second.succeed()
        #expect(output.screen == ["✓ second (0.0 s)", "\(SpinnerStyle.comet.frames[0]) third 0 s"], "\(output.screen)")
        third.info("third said")
        #expect(output.screen == ["✓ second (0.0 s)", "ℹ third said (0.0 s)", ""])
    }

    @Test func theMarksAreColouredOnlyWhenColourIsAllowed() {
        let (coloured, output, _) = terminal(colors: true)
        coloured.spinner("w").warn()
        #expect(output.text.contains("\u{1B}[33m⚠\u{1B}[0m w (0.0 s)"))
        let (plain, plainOutput, _) = terminal(colors: false)
        plain.spinner("w").warn()
        #expect(!plainOutput.text.contains("\u{1B}[3"), "no colour: \(plainOutput.text.debugDescription)")
        #expect(ProgressGroup.mode(for: RecordingLineOutput(isTerminal: true), environment: ["NO_COLOR": "1"]) == .animated(colors: false))
        #expect(ProgressGroup.mode(for: RecordingLineOutput(isTerminal: true), environment: ["CI": "true"]) == .log)
        #expect(ProgressGroup.mode(for: RecordingLineOutput(isTerminal: true), environment: ["TERM": "dumb"]) == .log)
        #expect(ProgressGroup.mode(for: RecordingLineOutput(isTerminal: false), environment: [:]) == .log)
        #expect(ProgressGroup.mode(for: RecordingLineOutput(isTerminal: true), environment: ["TERM": "xterm"]) == .animated(colors: true))
    }

    @Test func aNarrowerTerminalRedrawsOverTheRowsItsLinesWrappedOnto() {
        let (group, output, _) = terminal(columns: 40)
        let bar = group.bar(total: 10, message: "resize")
        _ = group.spinner("other")
        group.tick()
        output.columns = 20
        bar.inc()
        group.tick()
        // The bar's 39 cells take two rows at 20 columns, the spinner's line one: up two, then clear.
        #expect(output.text.contains("\r\u{1B}[2A\u{1B}[J"), "\(output.text.debugDescription)")
        #expect(output.text.hasPrefix("\u{1B}[?25lresize "), "the message keeps its width before the bar: \(output.text.debugDescription)")
        for row in output.screen { #expect(row.count < 20, "\(output.screen) \(output.text.debugDescription)") }
    }

    @Test func aLogGetsStartEndAndTimedProgressLinesAndNoCarriageReturn() {
        let output = RecordingLineOutput(isTerminal: false)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, environment: [:], clock: clock, drawsOnItsOwnThread: false)
        let bar = group.bar(total: 100, message: "Copying")
        for _ in 0..<12 {
            bar.inc(5)
            clock.advance(by: .seconds(1))
            group.tick()
        }
        bar.abandon()
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Copying…")
        #expect(lines.count == 4, "start, at 5 s and 10 s, end: \(lines)")
        #expect(lines[1].hasPrefix("Copying 25/100 (25%, "), "\(lines[1])")
        #expect(lines.last == "Copying: 60/100 in 12.0 s")
        #expect(!output.text.contains("\r") && !output.text.contains("\u{1B}"))
        group.logInterval = nil
        let quiet = group.bar(total: 3, message: "Quiet")
        clock.advance(by: .seconds(60))
        group.tick()
        quiet.succeed()
        #expect(output.text.hasSuffix("Quiet…\n✓ Quiet (1:00)\n"))
    }

    /// Lines are placed where asked (indicatif's insert, insert_before, insert_after), a line
    /// that ended is taken out of the block by clear(), and clear() on the group leaves nothing
    /// of it — "finish each, then clear them all" — but what was printed stays.
    @Test func linesArePlacedWhereAskedAndTheGroupClearsWhatItDrew() {
        let (group, output, clock) = terminal()
        let a = group.spinner("a")
        let b = group.spinner("b")
        _ = group.spinner("first", placement: .index(0))
        _ = group.spinner("after a", placement: .after(a))
        _ = group.spinner("before b", placement: .before(b))
        group.tick()
        func messages() -> [String] { output.screen.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) } }
        #expect(messages() == ["first", "a", "after", "before", "b"], "\(output.screen)")
        b.finish()
        b.clear()
        group.tick()
        #expect(!messages().contains("b"), "a finished line still in the block is taken out: \(output.screen)")

        let (multi, screen, _) = terminal()
        multi.println("kept")
        let bars = (1...3).map { multi.bar(total: 2, message: "bar \($0)") }
        multi.tick()
        for bar in bars {
            bar.inc(2)
            bar.finish()
            clock.advance(by: .milliseconds(100))
        }
        #expect(screen.screen.filter { $0.hasPrefix("bar") }.count == 3, "\(screen.screen)")
        multi.clear()
        #expect(screen.screen.filter { !$0.isEmpty } == ["kept"], "only what was printed is left: \(screen.screen)")
    }

    /// The public in-memory output reads back what a person would see, as indicatif's
    /// InMemoryTerm does: a command-line tool's own test.
    @Test func theInMemoryOutputReadsBackTheRowsAPersonSees() {
        let output = InMemoryLineOutput(columns: 60)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
        let bar = group.bar(total: 4, message: "Copying")
        bar.inc(2)
        clock.advance(by: .seconds(1))
        group.tick()
        #expect(output.screen == ["Copying ████████████▌░░░░░░░░░░░░ 50% 2/4 · 2.0/s · ETA 1 s"], "\(output.screen)")
        group.println("copied a.txt")
        bar.succeed("Copied")
        #expect(output.contents == "copied a.txt\n✓ Copied (1.0 s)", "\(output.contents)")
        output.write("\u{1B}[2K")
        #expect(output.screen.last == "", "an erased row reads empty")
    }

    /// indicatif's progress_chars and tick_strings: a bar of one's own characters, and a
    /// spinner that ends on its last tick string; a spinner's own line from its first frame.
    @Test func barCharactersAndTickStringsAsIndicatifs() throws {
        let hashes = try #require(ProgressStyle.BarGlyphs.characters("#>-"))
        #expect(hashes.render(fraction: 0.5, width: 10) == ("#####>", "----"))
        #expect(hashes.render(fraction: 0, width: 10) == ("", "----------"))
        #expect(hashes.render(fraction: 1, width: 10) == ("##########", ""))
        let shades = try #require(ProgressStyle.BarGlyphs.characters("█▓▒░ "))
        #expect(shades.render(fraction: 0.25, width: 4) == ("█░", "  "), "a whole cell, then the emptiest head, as indicatif draws it")
        #expect(shades.render(fraction: 0.29, width: 10).filled == "██▓", "the head by how full its cell is")
        #expect(shades.render(fraction: 0.22, width: 10).filled == "██░")
        #expect(ProgressStyle.BarGlyphs.characters("#") == nil && ProgressStyle.BarGlyphs.characters("#漢-") == nil)

        let (group, output, _) = terminal()
        let ticks = SpinnerStyle.tickStrings(["▹▹▹▹▹", "▸▹▹▹▹", "▹▸▹▹▹", "▹▹▸▹▹", "▹▹▹▸▹", "▹▹▹▹▸", "▪▪▪▪▪"], interval: .milliseconds(120))
        #expect(ticks.frames.count == 6 && ticks.finished == "▪▪▪▪▪")
        let spinner = Spinner("Calculating", style: ticks, line: try ProgressStyle(template: "{spinner:.blue} {message}"), group: group)
        #expect(output.screen.last == "▹▹▹▹▹ Calculating", "its own line from the first frame: \(output.screen)")
        spinner.finish()
        #expect(output.contents.split(separator: "\n").last == "▪▪▪▪▪ Calculating", "\(output.screen)")
        let bar = group.bar(total: 10, style: try ProgressStyle(template: "{bar:10}", barGlyphs: hashes))
        bar.inc(3)
        bar.abandon()
        #expect(output.contents.split(separator: "\n").last == "###>------", "abandoned where it stood: \(output.screen)")

        let chars = SpinnerStyle.tickCharacters("⠁⠂⠄⡀⢀⠠⠐⠈✔")
        #expect(chars.frames == ["⠁", "⠂", "⠄", "⡀", "⢀", "⠠", "⠐", "⠈"] && chars.finished == "✔", "tick_chars: the last is the finished frame")
        #expect(SpinnerStyle.indicatif.frames == chars.frames && SpinnerStyle.indicatif.finished == " ", "indicatif's default look")
    }

    /// Noora's alerts: a mark and a title, lines under it, next steps; above running lines.
    @Test func anAlertStandsAboveTheRunningLinesWithItsNextSteps() {
        let (group, output, _) = terminal(columns: 40)
        let spinner = group.spinner("Working")
        group.alert(.success("Project ready", details: ["3 targets"], nextSteps: ["Run make test", "Open README.md"]))
        #expect(
            output.screen == [
                "✓ Project ready", "  3 targets", "  Next steps:", "  ▸ Run make test", "  ▸ Open README.md", "\(SpinnerStyle.comet.frames[0]) Working 0 s",
            ],
            "\(output.screen)"
        )
        spinner.clear()
        #expect(Alert.error("Build failed").text(colors: true) == "\u{1B}[31m✗\u{1B}[39m \u{1B}[0;1mBuild failed\u{1B}[0m\n")
        #expect(Alert.warning("Low disk\u{1B}[2J").text(colors: false) == "⚠ Low disk\u{FFFD}[2J\n", "made safe for the terminal")
    }

    /// A message, a prefix, an end line and a printed line in a program's own colours; a
    /// plain string with escapes still shows them as U+FFFD.
    @Test func styledMessagesShowTheirColours() throws {
        let (group, output, clock) = terminal(columns: 60, colors: true)
        let green = Style(foreground: .green)
        let bar = group.bar(total: 10, message: "plain\u{1B}[31m", style: try ProgressStyle(template: "{prefix}{msg}"))
        group.tick()
        #expect(output.screen.last == "plain\u{FFFD}[31m", "\(output.screen)")
        bar.styledPrefix = "\("[1/2]", style: Style(attributes: .bold)) "
        bar.styledMessage = "\("✔", style: green) unpacked"
        #expect(bar.message == "✔ unpacked")
        clock.advance(by: .milliseconds(200))
        group.tick()
        #expect(output.screen.last == "[1/2] ✔ unpacked", "\(output.screen)")
        #expect(output.text.contains("\u{1B}[1m[1/2]\u{1B}[0m \u{1B}[32m✔\u{1B}[0m unpacked"), "\(output.text.debugDescription)")
        bar.styledMessage = StyledText(ansi: "\u{1B}[33mwarn\u{1B}[0m")
        group.println("\("+", style: green) added")
        #expect(output.text.contains("\u{1B}[32m+\u{1B}[39m added\n"), "\(output.text.debugDescription)")
        bar.succeed(StyledText("all", style: Style(foreground: .blue)) + " unpacked")
        #expect(output.contents.split(separator: "\n").suffix(2) == ["+ added", "✓ all unpacked (0.2 s)"], "\(output.screen)")
        #expect(output.text.contains("\u{1B}[32m✓\u{1B}[0m \u{1B}[34mall\u{1B}[0m unpacked (0.2 s)\n"), "\(output.text.debugDescription)")

        let (plainGroup, plainOutput, _) = terminal(columns: 60, colors: false)
        plainGroup.println("\("+", style: green) added")
        plainGroup.alert(Alert(.succeeded, "\("green", style: green) light"))
        #expect(plainOutput.text == "+ added\n✓ green light\n", "no colours where the group has none")
        #expect(
            Alert(.failed, "\("red", style: Style(foreground: .red)) tape").text(colors: true)
                == "\u{1B}[31m✗\u{1B}[39m \u{1B}[0;1;31mred\u{1B}[39m tape\u{1B}[0m\n"
        )
    }

    /// An end line with or without its time.
    @Test func anEndLineSaysItsTimeUnlessToldNot() {
        let (group, output, clock) = terminal(columns: 40)
        let timed = group.spinner("Fetching")
        clock.advance(by: .milliseconds(1200))
        timed.succeed()
        let quiet = group.spinner("Linking")
        quiet.showsElapsedTime = false
        quiet.succeed()
        let failed = group.spinner("Testing")
        failed.showsElapsedTime = false
        failed.fail(detail: "2 failures")
        #expect(output.screen == ["✓ Fetching (1.2 s)", "✓ Linking", "✗ Testing (2 failures)", ""], "the cursor below them: \(output.screen)")
    }

    /// `{percent}` is a bare number as indicatif's, so its templates paste as they are;
    /// `inc` takes indicatif's `u64` counts.
    @Test func percentIsABareNumberAndIncTakesAnyInteger() throws {
        let (group, output, _) = terminal(columns: 40)
        let bar = group.bar(total: 200, style: try ProgressStyle(template: "{percent:>3}% {percent_precise}"))
        bar.inc(UInt64(50))
        bar.inc(Int8(1))
        group.tick()
        #expect(output.screen.last == " 25% 25.500", "\(output.screen)")
        bar.inc(UInt64.max)
        #expect(bar.value == Int.max, "stops at its end")
    }

    /// indicatif's template language, pasted as it is: every field, widths, alignment, cuts
    /// and styles drawn; an unknown field or style is an error naming it and its column.
    @Test func indicatifTemplatesArePastedAsTheyAre() throws {
        let download = try ProgressStyle(
            template: "{spinner:.green} [{elapsed_precise}] [{wide_bar:.cyan/blue}] {bytes}/{total_bytes} ({eta})"
        )
        let (group, output, clock) = terminal(columns: 70, colors: true)
        let bar = ProgressBar(total: 3 << 20, message: "", unit: .bytes, style: download, group: group)
        bar.inc(1 << 20)
        clock.advance(by: .seconds(2))
        group.tick()
        let row = try #require(output.screen.last)
        #expect(row.hasPrefix(" ") == false && row.contains("[00:00:02] [") && row.hasSuffix("] 1.00 MiB/3.00 MiB (4 s)"), "\(row)")
        #expect(row.count == 69, "the wide bar fills the row: \(row)")
        #expect(output.text.contains("\u{1B}[32m"), "the spinner in green")
        #expect(output.text.contains("\u{1B}[0;34m") || output.text.contains("\u{1B}[34m"), "the bar's empty part in blue: \(output.text.debugDescription)")

        let fixed = try ProgressStyle(template: "{bar:10.yellow} {pos:>7}/{len:7} {percent_precise} {human_len} {msg:^9!}")
        #expect(fixed.parts.count == 11)
        let (plain, screen, _) = terminal(columns: 80)
        let other = ProgressBar(total: 1_234_567, message: "a long message", style: fixed, group: plain)
        other.inc(617_284)
        plain.tick()
        #expect(screen.screen.last == "█████░░░░░  617284/1234567 50.000 1,234,567 a long m…", "\(screen.screen)")

        do {
            _ = try ProgressStyle(template: "{bar:40.cyna/blue}")
            Issue.record("a bad style is an error")
        } catch {
            #expect(error.column == 1 && error.message.contains("unknown style `cyna`"), "\(error)")
        }
        do {
            _ = try ProgressStyle(template: "ok [{elapsd}]")
            Issue.record("an unknown field is an error")
        } catch {
            #expect(error.column == 5 && error.message.hasPrefix("unknown field `{elapsd}`"), "\(error)")
        }
        #expect(throws: ProgressStyle.TemplateError.self) { _ = try ProgressStyle(template: "{pos") }
        #expect(throws: ProgressStyle.TemplateError.self) { _ = try ProgressStyle(template: "pos}") }
        #expect(throws: ProgressStyle.TemplateError.self) { _ = try ProgressStyle(template: "{pos:7x}") }
    }

    /// A collapsible step: the last lines of its task under its spinner, folded away when it
    /// succeeds, kept under the ✗ when it fails; in a log, every line as it comes.
    @Test func aCollapsibleStepFoldsItsLinesOnSuccessAndKeepsThemOnFailure() {
        let (group, output, _) = terminal()
        let step = CollapsibleStep("Building", lines: 2, group: group)
        for line in ["compiling a", "compiling b", "compiling c"] { step.append(line) }
        group.tick()
        #expect(Array(output.screen.suffix(2)) == ["  compiling b", "  compiling c"], "the last two under it: \(output.screen)")
        #expect(output.screen.count == 3)
        step.succeed("Built")
        #expect(output.contents == "✓ Built (0.0 s)", "folded away: \(output.screen)")

        let (failing, screen, _) = terminal()
        let tests = CollapsibleStep("Testing", lines: 2, group: failing)
        for line in ["test a passed", "test b failed: expected 2", "  at t.swift:3"] { tests.append(line) }
        tests.fail(detail: "exit 1")
        #expect(screen.contents == "✗ Testing (exit 1, 0.0 s)\n  test b failed: expected 2\n    at t.swift:3", "\(screen.screen)")

        let log = RecordingLineOutput(isTerminal: false)
        let logged = ProgressGroup(output: log, environment: [:], clock: ManualTime(), drawsOnItsOwnThread: false)
        let quiet = CollapsibleStep("Linting", lines: 1, group: logged)
        quiet.append("file a: ok\nfile b: ok")
        quiet.succeed()
        #expect(log.text == "Linting…\nfile a: ok\nfile b: ok\n✓ Linting (0.0 s)\n")
    }

    /// indicatif's ends: `finish()` sets the position to the length, `abandon()` leaves it,
    /// `resetETA()` forgets the pace.
    @Test func finishEndsAtTheLengthAbandonWhereItStands() throws {
        let (group, output, clock) = terminal()
        let style = try ProgressStyle(template: "{pos}/{len} {eta}")
        let finished = group.bar(total: 585, style: style)
        finished.inc(576)
        finished.finish()
        #expect(finished.value == 585 && output.contents.split(separator: "\n").last == "585/585 0 s", "\(output.contents)")
        let left = group.bar(total: 10, style: style)
        left.inc(4)
        left.abandon()
        #expect(left.value == 4 && left.isFinished)
        let unknown = group.bar(total: nil)
        unknown.inc(7)
        unknown.finish()
        #expect(unknown.value == 7, "no length: the position stays")
        let paced = group.bar(total: 100, style: style)
        for _ in 0..<5 {
            paced.inc(10)
            clock.advance(by: .seconds(1))
            group.tick()
        }
        #expect(output.screen.last == "50/100 5 s", "10 a second: 5 s to go")
        paced.resetETA()
        group.tick()
        #expect(output.screen.last == "50/100 -:--", "the pace forgotten: no ETA until new steps: \(output.screen)")
    }

    @Test func humanFormatsAsIndicatifs() {
        #expect(HumanDuration(.seconds(3)).description == "3 seconds" && HumanDuration(.seconds(1)).description == "1 second")
        #expect(HumanDuration(.seconds(90)).description == "2 minutes" && HumanDuration(.seconds(3600 * 30), compact: true).description == "30h")
        #expect(HumanDuration(.seconds(86400 * 9)).description == "9 days" && HumanDuration(.milliseconds(400)).description == "0 seconds")
        #expect(FormattedDuration(.seconds(187)).description == "00:03:07" && FormattedDuration(.seconds(86400 * 2 + 3600 * 4)).description == "2d 04:00:00")
        #expect(HumanBytes(512).description == "512B" && HumanBytes(231_231_231).description == "220.52 MiB")
        #expect(DecimalBytes(231_231_231).description == "231.23 MB" && DecimalBytes(999).description == "999B")
        #expect(HumanCount(1_234_567).description == "1,234,567" && HumanCount(12).description == "12")
        #expect(
            HumanFloatCount(1234.5678).description == "1,234.5678" && HumanFloatCount(12.5).description == "12.5"
                && HumanFloatCount(-1000).description == "-1,000"
        )
        #expect(HumanBytes(.max).description == "16.00 EiB")
    }

    /// A loop left early ends its bar where it stopped: it never runs on and never garbles
    /// what is printed after the loop.
    @Test func aLoopLeftEarlyEndsItsBar() throws {
        let (group, output, _) = terminal()
        let bar = group.bar(total: 10, message: "Scanning")
        for index in (0..<10).progress(with: bar) where index == 3 { break }
        #expect(bar.isFinished && bar.value == 4, "ended where it stopped")
        struct Stop: Error {}
        let thrown = group.bar(total: nil, message: "Reading")
        #expect(throws: Stop.self) {
            for index in sequence(first: 0, next: { $0 + 1 }).progress(with: thrown) where index == 2 { throw Stop() }
        }
        #expect(thrown.isFinished)
        func firstEven() -> Int? {
            for value in stride(from: 1, to: 99, by: 1).progress("Searching", total: 98, group: group) where value % 2 == 0 { return value }
            return nil
        }
        #expect(firstEven() == 2)
        group.tick()
        expectScreen(
            output.screen,
            [
                "Scanning █████████▏░░░░░░░░░░░░░ 40% 4/10 · 0.0/s · ETA 0 s",
                "✓ Reading 3 · 0.0/s · 0 s",
                "Searching ▍░░░░░░░░░░░░░░░░░░░░░░ 2% 2/98 · 0.0/s · ETA 0 s",
            ]
        )
    }

    /// Once a second the block is written whole, so a stray write between frames heals.
    @Test func aStrayWriteIsHealedWithinASecond() {
        let (group, output, clock) = terminal()
        let bar = group.bar(total: 100, message: "Copying")
        group.tick()
        output.write("stray")  // a print that was not the group's
        for _ in 0..<20 {
            clock.advance(by: .milliseconds(66))
            bar.inc()
            group.tick()
        }
        // "stray" ran past the 60th column and wrapped: its first row stays above, as on a
        // terminal; the block, on the row it went on to, is whole again.
        expectScreen(
            output.screen,
            [
                "Copying ░░░░░░░░░░░░░░░░░░░░░░░ 0% 0/100 · 0.0/s · ETA -:--s",
                "Copying ████▌░░░░░░░░░░░░░░░░░░ 20% 20/100 · 15/s · ETA 5 s",
            ]
        )
    }

    /// In a log, lines read as a person would write them: no lone `…` for a line with no
    /// message, no `...…`, no `Done: 0` for a spinner, no separator before the figures.
    @Test func logLinesReadAsAPersonWouldWriteThem() {
        let output = RecordingLineOutput(isTerminal: false)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, environment: [:], clock: clock, drawsOnItsOwnThread: false)
        group.logInterval = nil
        let unnamed = group.bar(total: 4)
        let dotted = group.spinner("Resolving...")
        let colon = group.spinner("Fetching:")
        let done = group.spinner("Done")
        clock.advance(by: .milliseconds(1500))
        unnamed.inc(4)
        unnamed.finish()
        dotted.finish()
        colon.succeed()
        done.finish()
        let quiet = group.spinner("")
        quiet.finish()
        #expect(
            output.text.split(separator: "\n").map(String.init) == [
                "Resolving...", "Fetching:", "Done…", "4/4 in 1.5 s", "Resolving... (1.5 s)", "✓ Fetching: (1.5 s)", "Done (1.5 s)",
                "done in 0.0 s",
            ],
            "\(output.text)"
        )
    }

    @Test func aProgramThatExitsWithLinesRunningGetsItsCursorBackBelowThem() {
        let (group, output, _) = terminal()
        _ = group.spinner("interrupted")
        #expect(output.text.hasPrefix("\u{1B}[?25l"))
        group.restoreAtExit()  // what the exit handler does
        #expect(output.text.hasSuffix("interrupted 0 s\n\u{1B}[?25h"), "\(output.text.debugDescription)")
    }

    @Test func aPauseHoldsEveryDrawUntilItsResume() {
        let (group, output, clock) = terminal()
        let spinner = group.spinner("busy")
        group.pause()
        let held = output.text
        #expect(held.hasSuffix("\u{1B}[?25h"))
        group.suspend { output.write("someone else's line\n") }
        clock.advance(by: .seconds(1))
        group.tick()
        spinner.message = "still busy"
        #expect(output.text == held + "someone else's line\n", "a suspend inside a pause draws nothing")
        group.resume()
        #expect(output.screen.last?.hasSuffix(" still busy 1 s") == true, "\(output.screen)")
        spinner.clear()
    }

    @Test func aSequenceAndAnAsyncSequenceMoveTheirBars() async throws {
        let (group, output, _) = terminal()
        var seen = 0
        for _ in (1...30).progress("items", group: group) { seen += 1 }
        #expect(seen == 30)
        expectScreen(output.screen, ["items ████████████████████████ 100% 30/30 · 0.0/s · ETA 0 s"])
        let stream = AsyncStream<Int> { continuation in
            for i in 0..<5 { continuation.yield(i) }
            continuation.finish()
        }
        var sum = 0
        for try await value in stream.progress("stream", total: 5, group: group) { sum += value }
        #expect(sum == 10)
        expectScreen(
            output.screen,
            ["items ████████████████████████ 100% 30/30 · 0.0/s · ETA 0 s", "stream █████████████████████████ 100% 5/5 · 0.0/s · ETA 0 s"]
        )
    }

    struct Failure: Error, CustomStringConvertible { var description: String { "no route" } }

    @Test func workRunUnderASpinnerEndsItByItsOutcome() async {
        let (group, output, _) = terminal()
        let value = await Spinner.run("Fetching", group: group, success: { "Fetched \($0)" }, { 42 })
        #expect(value == 42)
        #expect(output.screen[0] == "✓ Fetched 42 (0.0 s)")
        await #expect(throws: Failure.self) { try await Spinner.run("Sending", group: group) { throw Failure() } }
        #expect(output.screen[1] == "✗ Sending (no route, 0.0 s)")
    }

    @Test func theRateIsSmoothedSoABurstMovesTheEstimateGradually() {
        var estimator = RateEstimator()
        for second in 0...10 { estimator.sample(position: second * 100, at: Double(second)) }
        #expect(abs((estimator.rate ?? 0) - 100) < 1)
        estimator.sample(position: 1000 + 1000, at: 11)  // ten times as much in one second
        let rate = estimator.rate ?? 0
        #expect(rate > 150 && rate < 600, "moved, not jumped: \(rate)")
    }

    /// Work that reports in batches of 32 every 0.4 s (80 a second, 800 in all), drawn 15
    /// times a second: at 3 s the rate reads about 80/s and the ETA about 7 s (an EMA of each
    /// frame's rate read 48/s and 12 s).
    @Test func burstyWorkReadsItsTrueRateAndETA() throws {
        let (group, output, clock) = terminal(columns: 80)
        let bar = group.bar(total: 800, message: "Importing")
        var elapsed = Duration.zero
        var nextBatch = Duration.milliseconds(400)
        while elapsed < .seconds(3) {
            clock.advance(by: .milliseconds(66))
            elapsed += .milliseconds(66)
            if elapsed >= nextBatch {
                bar.inc(32)
                nextBatch += .milliseconds(400)
            }
            group.tick()
        }
        let line = try #require(output.screen.last)
        let rate = try #require(line.firstMatch(of: /· (\d+)\/s ·/).flatMap { Int($0.1) }, "\(line)")
        #expect((70...90).contains(rate), "\(line)")
        #expect(line.hasSuffix("ETA 7 s") || line.hasSuffix("ETA 8 s"), "\(line)")
    }

    @Test func aRowRewrittenByItsChangedCellsReadsAsTheNewRow() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [(String, LineCell.Tone)] = [("a", .plain), ("b", .plain), ("█", .bar), ("░", .barEmpty), ("漢", .plain), ("✓", .success), (" ", .plain)]
        func row() -> [LineCell] {
            var builder = LineCellBuilder()
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let (text, tone) = alphabet.randomElement(using: &generator)!
                builder.append(text, tone)
            }
            return builder.cells
        }
        for _ in 0..<2000 {
            let old = row()
            let new = row()
            var model = ScreenModel(size: Size(width: 200, height: 1), grows: true, newlineReturns: true)
            model.feed(old.written(colors: true) + new.written(over: old, colors: true))
            let screen = model.rows
            var expected = new.plainText
            while expected.hasSuffix(" ") { expected.removeLast() }  // a blank at the end reads as none
            #expect(screen == [expected], "\(old.plainText) → \(new.plainText)")
        }
    }

    @Test func templatesParseFieldsWidthsAndBraces() throws {
        let style = try ProgressStyle(template: "{{{pos}}} {bar:5} { not a field } {message}")
        #expect(
            style.parts == [
                .text("{"), .field(.init(field: .pos)), .text("} "), .field(.init(field: .bar, width: 5)), .text(" { not a field } "),
                .field(.init(field: .message)),
            ]
        )
        #expect(ProgressStyle.BarGlyphs.smooth.render(fraction: 0.55, width: 4) == ("██▏", "░"))
        #expect(ProgressStyle.BarGlyphs.ascii.render(fraction: 0.5, width: 6) == ("===>", "  "))
        #expect(ProgressUnit.bytes.format(1536) == "1.50 KiB")
        #expect(ProgressUnit.bytes.formatRate(12.5 * 1_048_576) == "12.5 MiB/s")
        #expect(ProgressUnit.count.formatRate(12_345) == "12.3k/s")
        #expect(ProgressUnit.count.formatRate(3_801_200) == "3.8M/s")
    }
}

/// A bar that follows Foundation's `Progress`, read on the group's clock.
struct FollowedProgressTests {
    @Test func aBarReadsAProgressAndItsChildrenAsFoundationCountsThem() async throws {
        let output = RecordingLineOutput(isTerminal: true, columns: 60)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
        let work = Progress(totalUnitCount: 4)
        let bar = ProgressBar(following: work, message: "Converting", group: group)
        let first = Progress(totalUnitCount: 10)
        work.addChild(first, withPendingUnitCount: 2)
        first.completedUnitCount = 5  // half of a child worth 2 of 4: a quarter
        clock.advance(by: .seconds(1))
        group.tick()
        #expect(bar.value == 1 && bar.total == 4, "the child's part counted: \(output.screen)")
        #expect(output.screen.last?.hasPrefix("Converting ") == true && output.screen.last?.contains(" 25% 1/4") == true, "\(output.screen)")
        first.completedUnitCount = 10
        work.completedUnitCount += 1
        clock.advance(by: .seconds(1))
        group.tick()
        #expect(bar.value == 3)
        work.completedUnitCount += 1
        group.tick()  // the frame that sees the progress end ends the bar
        #expect(bar.isFinished && bar.value == 4, "it finishes when the progress does")
        let cancelled = Progress(totalUnitCount: 2)
        let other = ProgressBar(following: cancelled, message: "Copying", group: group)
        cancelled.cancel()
        group.tick()
        #expect(other.isFinished)
        #expect(output.screen.contains { $0.hasPrefix("✗ Copying (cancelled") }, "\(output.screen)")
    }
}

/// indicatif's semantics a ported program notices: a group's bottom alignment, a
/// percentage's decimals.
struct IndicatifSemanticsTests {
    @Test func aBottomAlignedGroupKeepsItsLinesWhereTheyAre() throws {
        let output = RecordingLineOutput(isTerminal: true, columns: 40)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
        group.alignment = .bottom
        let style = try ProgressStyle(template: "{msg} {pos}")
        let first = group.bar(total: 10, message: "first", style: style)
        let second = group.bar(total: 10, message: "second", style: style)
        let third = group.bar(total: 10, message: "third", style: style)
        group.tick()
        #expect(output.screen.prefix(3) == ["first 0", "second 0", "third 0"])
        second.clear()
        clock.advance(by: .seconds(1))
        group.tick()
        #expect(output.screen.prefix(3) == ["", "first 0", "third 0"], "a blank row above, the others in place: \(output.screen)")
        first.inc()
        third.inc()
        first.finish()
        third.finish()
        group.tick()
        #expect(!output.screen.contains("second 0"))
    }

    @Test func aPercentageTakesItsDecimalsFromTheTemplate() throws {
        let output = RecordingLineOutput(isTerminal: true, columns: 60)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
        let style = try ProgressStyle(template: "{percent:.1}% {percent_precise:.2} {percent:.1.bold}")
        let bar = group.bar(total: 3, message: "", style: style)
        bar.inc(2)
        group.tick()
        #expect(output.screen.last == "66.6% 66.66 66.6", "cut, as {percent} is: \(output.screen)")
        let colored = try ProgressStyle(template: "{pos:.1}")
        #expect(
            colored.parts == [.field(ProgressStyle.Placeholder(field: .pos, style: LineStyle(foreground: 1)))],
            "elsewhere a number stays a colour, as indicatif's"
        )
    }
}

/// Noora's shapes: a step's error message, a bar that goes from 0 to 1.
struct NooraShapesTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "401 Unauthorized" }
    }

    @Test func aStepSaysItsOwnErrorMessageAndAFractionBarItsPercentage() async throws {
        let output = RecordingLineOutput(isTerminal: true, columns: 60)
        let clock = ManualTime()
        let group = ProgressGroup(output: output, mode: .animated(colors: false), clock: clock, drawsOnItsOwnThread: false)
        await #expect(throws: Refused.self) {
            let work: () async throws -> Void = {
                clock.advance(by: .seconds(2))
                throw Refused()
            }
            try await Spinner.run("Fetching the project", group: group, failure: { _ in "Could not fetch the project" }, work)
        }
        group.tick()
        #expect(output.screen.first == "✗ Could not fetch the project (401 Unauthorized, 2.0 s)", "\(output.screen)")
        let bar = ProgressBar.fraction("Uploading", group: group)
        bar.fraction = 0.49
        clock.advance(by: .seconds(1))
        group.tick()
        #expect(bar.fraction == 0.49)
        let line = output.screen.last { !$0.isEmpty } ?? ""
        #expect(line.hasPrefix("Uploading ") && line.hasSuffix(" 49% · ETA 1 s"), "a percentage, no invented counts: \(line)")
        bar.fraction = 7
        #expect(bar.fraction == 1, "held to 0…1")
    }
}
