import ChildProcess
import CommandIndicator
import DemoRecording
import Foundation
import GifDecoding
import Indicator
import IndicatorKit
import Prompts
import ShowcaseKit
import TerminalGraphics
import TerminalIO

/// `showcase` alone: the app on the terminal, on `scene` when given.
@MainActor func openApp(scene: String?, library: String?, symbols: SymbolChoice, graphics: GraphicsProtocol?) async -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    if case .set(let chosen) = symbols { environment["INDICATORKIT_SYMBOLS"] = chosen.rawValue }
    if let graphics { environment["INDICATORKIT_GRAPHICS"] = graphics.rawValue }
    let terminal = openTerminal(environment: environment, measuringWidths: ShowcaseApp.widthSamples)
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    var network: SceneNetwork?
    let (app, host) = ShowcaseApp.hosted(
        on: terminal,
        scheduler: LiveScheduler(),
        reducedMotion: ReducedMotion.isRequested(in: environment),
        timeOfDay: { formatter.string(from: Date()) },
        network: {
            // Started on first use: a real server on 127.0.0.1, reached with URLSession.
            if network == nil { network = try? SceneNetwork.loopback() }
            return network
        },
        library: ShowcaseApp.libraryOpener(path: library, environment: environment)  // on first use; an empty one gets the sample
    )
    if let scene { app.selectScene(id: scene) }
    app.onQuit = { TerminalApp.quit(status: 0) }
    app.onSuspend = { terminal.suspend() }
    return await TerminalApp.run(host, on: terminal, interrupts: .returnToProgram)
}

/// `showcase gif play FILE`: the GIF played full-screen by its own timing.
@MainActor func playGif(_ path: String, memory: MemoryBudget, symbols: SymbolChoice) async -> Int32 {
    let image: AnimatedImage
    switch GifCommand.load(path, memory: memory) {
    case .success(let loaded): image = loaded
    case .failure(let failure):
        printError(failure.message)
        return failure.status
    }
    let environment = ProcessInfo.processInfo.environment
    let terminal = openTerminal(environment: environment)
    let (player, host) = GifPlayerApp.hosted(
        image: image,
        name: (arguments.showing(path) as NSString).lastPathComponent,
        on: terminal,
        scheduler: LiveScheduler(),
        symbols: symbols.resolved(environment: environment)
    )
    player.onQuit = { TerminalApp.quit(status: 0) }
    player.onSuspend = { terminal.suspend() }
    return await TerminalApp.run(host, on: terminal, interrupts: .returnToProgram)
}

/// `showcase view FILE`: the picture printed inline, fitted to the terminal (a row left for
/// the prompt) or to 80 columns when standard output is not one; pixels where the terminal
/// shows them, asked once.
/// Where the terminal's answers are read: standard input when it is a terminal, else the
/// controlling terminal (kept open to the end), else standard input all the same.
func terminalInput() -> Int32 {
    if isatty(STDIN_FILENO) == 1 { return STDIN_FILENO }
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    return terminal >= 0 ? terminal : STDIN_FILENO
}

@MainActor func printPicture(_ view: ViewCommand) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let window = TerminalQuery.windowCells(of: STDOUT_FILENO)
    let columns = view.width ?? window?.width ?? 80
    // The terminal's answers come on its input: the controlling terminal's when standard
    // input is not one (`view - < photo.png`).
    let input = terminalInput()
    let drawing = PictureDrawing.ask(told: view.graphics, environment: environment, input: input)
    // Keys typed while pixels go out neither show nor land inside them (symbols are text).
    let quietInput = isatty(STDOUT_FILENO) == 1 && drawing.graphics != .symbols ? input : -1
    return view.run(
        box: Size(width: columns, height: window.map { max(1, $0.height - 1) } ?? columns),
        colorDepth: ColorDepth.detect(environment: environment),
        environment: environment,
        drawing: drawing,
        output: { picture in PictureDrawing.writingQuietly(input: quietInput) { say(String(picture.dropLast())) } },
        errors: printError
    )
}

/// `showcase pick ITEM…`: the choice asked inline (on `/dev/tty` when standard output is
/// redirected), the chosen printed on standard output, one a line.
@MainActor func pickItems(_ command: PickCommand) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    var pick = command
    // A name that is not UTF-8 is read through its descriptor path, listed with its bad bytes
    // as U+FFFD, and printed as its own bytes; so is a line of standard input.
    var feed: StandardInputFeed?
    if pick.items.isEmpty {
        // gum's way: no ITEM, so the items are standard input's lines (not a terminal's).
        guard isatty(STDIN_FILENO) == 0 else {
            printError("showcase: give ITEMs to choose among, or pipe them in a line each (`ls | showcase choose`)")
            return 64
        }
        // The terminal is looked for first: without one, that is said at once, not after the input.
        if let problem = InlineTerminal.preflightForTool(environment: environment) {
            printError("showcase: \(problem)")
            return 2
        }
        // The first lines (or the end) before anything is drawn; the rest is shown as it
        // comes, as fzf and gum do (`(echo a; sleep 100) | showcase choose` shows a at once).
        let reading = StandardInputFeed(pick)
        if let failure = reading.readFirstLines() {
            printError("showcase: \(failure.message)")
            return failure.status
        }
        pick.items = reading.firstLines
        feed = reading
    }
    if pick.gum.selectsIfOne, pick.items.count == 1, feed?.hasEnded ?? true {
        // gum's --select-if-one: nothing to ask.
        let bytes = feed.map { _ in Array(pick.items[0].utf8) } ?? arguments.bytes(of: command.items[0])
        outputFailure = ChildProcessIO.write(Data(bytes + Array((pick.nullSeparated ? "\0" : pick.gum.outputDelimiter).utf8)), to: STDOUT_FILENO)?.description
        return 0
    }
    // The thumbnails are drawn as the terminal, once open, says it shows them (pixels, or symbols).
    let opened = OpenedTerminal()
    // A name that is not UTF-8 is read through its descriptor path, listed with its bad bytes
    // as U+FFFD, and printed as its own bytes.
    let prompt = pick.prompt(thumbnails: { opened.terminal.map { ImageStyle(for: $0.capabilities) } ?? ImageStyle() }, shown: arguments.showing)
    let given: (Int) -> [UInt8] = { index in feed.map { $0.bytes(of: index, in: prompt) } ?? arguments.bytes(of: command.items[index]) }
    let terminal: InlineTerminal
    do {
        // Room for a page of items when more are coming.
        let rows = max(prompt.preferredHeight, feed?.hasEnded == false ? 2 + prompt.pageSize : 0)
        terminal = try InlineTerminal.openForTool(rows: rows, ending: .clear, environment: environment)
    } catch {
        printError("showcase: \(error)")
        return 2
    }
    opened.terminal = terminal
    let host = TerminalHost(backend: terminal, root: prompt)
    feed?.start(into: prompt, quitting: host)
    let timer = pick.gum.timeout.map(quitting(after:))
    defer { timer?.cancel() }
    let status = await TerminalApp.run(host, on: terminal, interrupts: .returnToProgram)
    feed?.stop()
    if let failure = feed?.failure {
        printError("showcase: \(failure.message)")
        return failure.status
    }
    guard let output = pick.output(prompt, toTerminal: isatty(STDOUT_FILENO) == 1, bytes: given) else { return status == 0 ? 1 : status }
    // Written as `say` writes: a full disk or a closed pipe is said and ends with 74 (`finish`).
    outputFailure = ChildProcessIO.write(Data(output), to: STDOUT_FILENO)?.description
    return 0
}

/// Standard input's lines as the items of `pick`, `choose` and `filter`: the first read
/// before the prompt is drawn, the rest added to it as they come (a read source on the main
/// queue), within ``PickCommand/inputLimit``.
@MainActor final class StandardInputFeed {
    /// Why the items could not all be read, and the status to end with (65, 66).
    struct Failure {
        let message: String
        let status: Int32
    }

    private let command: PickCommand
    private var reader = LineReader()
    /// The lines read before the prompt is drawn.
    private(set) var firstLines: [String] = []
    /// The own bytes of the lines that are not UTF-8, by item.
    private var raw: [Int: [UInt8]] = [:]
    private var count = 0
    private var source: DispatchSourceRead?
    /// What stopped the reading, if anything did.
    private(set) var failure: Failure?

    init(_ command: PickCommand) { self.command = command }

    /// Whether the input has ended.
    var hasEnded: Bool { reader.hasEnded }

    /// Reads until a line (or the input's end) has come; the failure if there was one.
    func readFirstLines() -> Failure? {
        while firstLines.isEmpty, !reader.hasEnded {
            guard let lines = take() else { return failure }
            firstLines += lines
        }
        // What is already there too (a short list's end, so its rows are sized to it).
        for _ in 0..<8 where !reader.hasEnded {
            guard Self.inputWaits else { break }
            guard let lines = take() else { return failure }
            firstLines += lines
        }
        return firstLines.isEmpty ? Failure(message: "standard input gave no lines to choose among", status: 66) : nil
    }

    /// Adds the rest as it comes to `prompt`; a failure ends `host`'s app.
    func start(into prompt: ChoicePrompt<String>, quitting host: TerminalHost) {
        guard !reader.hasEnded else { return }
        prompt.moreToCome = true
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self, weak prompt, weak host] in
            MainActor.assumeIsolated {
                guard let self, let prompt, let host else { return }
                self.takeWhatIsWaiting(into: prompt, quitting: host)
            }
        }
        self.source = source
        source.resume()
    }

    /// Reads what standard input holds now, 8 MiB at most (the rest at the main queue's next
    /// turn, so keys are not kept waiting), into `prompt`. The source may report data and the
    /// end at once: what is readable is read until nothing is, not one read an event.
    private func takeWhatIsWaiting(into prompt: ChoicePrompt<String>, quitting host: TerminalHost) {
        var taken: [String] = []
        for _ in 0..<8 {
            guard let lines = take() else {
                prompt.append(taken)
                stop()
                host.quit(status: failure?.status ?? 66)
                return
            }
            taken += lines
            if reader.hasEnded {
                prompt.append(taken)
                prompt.moreToCome = false
                stop()
                return
            }
            guard Self.inputWaits else {
                prompt.append(taken)
                return
            }
        }
        prompt.append(taken)
        // Still more: read on at the next turn.
        DispatchQueue.main.async { [weak self, weak prompt, weak host] in
            MainActor.assumeIsolated {
                guard let self, self.source != nil, let prompt, let host else { return }
                self.takeWhatIsWaiting(into: prompt, quitting: host)
            }
        }
    }

    /// Whether standard input has bytes (or its end) waiting: a read now does not block.
    private static var inputWaits: Bool {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    /// Stops reading (standard input is not closed: it is the process's).
    func stop() {
        source?.cancel()
        source = nil
    }

    /// The bytes printed for item `index`: its own, as they came.
    func bytes(of index: Int, in prompt: ChoicePrompt<String>) -> [UInt8] {
        raw[index] ?? Array(prompt.choices[index].utf8)
    }

    /// One read's lines, noted; nil after a failure (kept in ``failure``).
    private func take() -> [String]? {
        switch reader.read(STDIN_FILENO) {
        case .failure(let read):
            failure = Failure(message: read.message, status: 66)
            return nil
        case .success(let lines):
            if command.nullSeparated, let nul = lines.firstIndex(where: \.holdsNul), let conflict = command.nullConflict(atItem: count + nul) {
                failure = Failure(message: conflict, status: 65)
                return nil
            }
            for (offset, line) in lines.enumerated() where line.raw != nil { raw[count + offset] = line.raw }
            count += lines.count
            return lines.map(\.shown)
        }
    }
}

/// `showcase confirm`, `input`, `write`: the question inline, its rows erased once answered;
/// the answer on standard output (a full disk or a closed pipe said, 74) or as the status.
@MainActor func ask(_ command: AskCommand) async -> Int32 {
    if case .confirm = command.question, isatty(STDIN_FILENO) == 0, let line = readLine() {
        return AskCommand.confirmStatus(forLine: line)  // gum's: a piped line answers (`yes | showcase confirm`)
    }
    let prompt = command.prompt()
    let status: Int32
    let timer = command.timeout.map(quitting(after:))
    defer { timer?.cancel() }
    do {
        status = try await TerminalApp.run(prompt, viewport: .inline(rows: prompt.preferredHeight, ending: .clear), interrupts: .returnToProgram)
    } catch {
        printError("showcase: \(error)")
        return 2
    }
    let outcome = command.outcome(of: prompt, status: status)
    if let output = outcome.output { outputFailure = ChildProcessIO.write(Data(output.utf8), to: STDOUT_FILENO)?.description }
    return outcome.status
}

/// A task that ends the running app with 124 once `timeout` has passed (gum's `--timeout`).
@MainActor func quitting(after timeout: Duration) -> Task<Void, Never> {
    Task { @MainActor in
        guard (try? await Task.sleep(for: timeout)) != nil else { return }
        TerminalApp.quit(status: 124)
    }
}

/// Standard input's whole text, for a command given no TEXT: nil after saying why, with the
/// status to end with (64: a terminal, nothing piped — `hint` says what to do; 66: unreadable
/// or too large).
@MainActor func pipedText(_ hint: String, limit: Int = 64 << 20) -> (text: String?, status: Int32) {
    guard isatty(STDIN_FILENO) == 0 else {
        printError("showcase: \(hint)")
        return (nil, 64)
    }
    switch PickCommand.readText(from: STDIN_FILENO, limit: limit) {
    case .failure(let failure):
        printError("showcase: \(failure.message)")
        return (nil, 66)
    case .success(let text):
        return (text, 0)
    }
}

/// How colourful printed text is: by where standard output and standard error go.
@MainActor func printedColorDepth() -> ColorDepth {
    PrintedColors.depth(
        environment: ProcessInfo.processInfo.environment,
        outputIsTerminal: isatty(STDOUT_FILENO) == 1,
        errorIsTerminal: isatty(STDERR_FILENO) == 1
    )
}

/// `showcase style` and `join`: the text printed, coloured where it lands on a terminal.
@MainActor func printStyled(_ command: StyleCommand) -> Int32 {
    var input: String?
    if command.readsStandardInput {
        let read = pipedText("give TEXT to style, or pipe it in (`echo Hello | showcase style --bold`)")
        guard let text = read.text else { return read.status }
        input = text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
    outputFailure = ChildProcessIO.write(Data(command.text(input: input, colorDepth: printedColorDepth()).utf8), to: STDOUT_FILENO)?.description
    return 0
}

/// `showcase format`: the text (or standard input) formatted, coloured where it lands on a terminal.
@MainActor func printFormatted(_ command: FormatCommand) -> Int32 {
    var input: String?
    if command.given == nil {
        let read = pipedText("give TEXT to format, or pipe it in (`showcase format < README.md`)")
        guard let text = read.text else { return read.status }
        input = text
    }
    let environment = ProcessInfo.processInfo.environment
    let depth = printedColorDepth()
    let text = command.text(
        input: input.map { StyledText(ansi: $0).plain },
        width: min(TerminalApp.outputWidth(environment: environment), 120),
        colorDepth: depth
    )
    outputFailure = ChildProcessIO.write(Data(text.utf8), to: STDOUT_FILENO)?.description
    return 0
}

/// `showcase file`: the picker below the prompt, the chosen path printed.
@MainActor func chooseFile(_ command: FileCommand) async -> Int32 {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: command.path, isDirectory: &isFolder), isFolder.boolValue else {
        printError("showcase: \(command.path) is not a folder; give the folder to start in (`showcase file ~/src`)")
        return 66
    }
    let picker = command.picker()
    let terminal: InlineTerminal
    do {
        terminal = try InlineTerminal.openForTool(rows: picker.preferredHeight, ending: .clear, environment: ProcessInfo.processInfo.environment)
    } catch {
        printError("showcase: \(error)")
        return 2
    }
    let timer = command.timeout.map(quitting(after:))
    defer { timer?.cancel() }
    let status = await TerminalApp.run(TerminalHost(backend: terminal, root: picker), on: terminal, interrupts: .returnToProgram)
    guard status == 0, let chosen = picker.chosen else { return status }
    outputFailure = ChildProcessIO.write(Data((chosen + "\n").utf8), to: STDOUT_FILENO)?.description
    return 0
}

/// `showcase pager`: the text full-screen, on the controlling terminal when standard input
/// is a pipe.
@MainActor func page(_ command: PagerCommand) async -> Int32 {
    var text = command.text ?? ""
    var input = STDIN_FILENO
    var output = STDOUT_FILENO
    if command.text == nil {
        let read = pipedText("give TEXT to show, or pipe it in (`git log | showcase pager`)")
        guard let piped = read.text else { return read.status }
        text = piped
    }
    if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
        // Keys and the screen from the controlling terminal: kept open until the process ends.
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            printError("showcase: no terminal to show the text on (\(String(cString: strerror(errno))))")
            return 2
        }
        (input, output) = (tty, tty)
    }
    let environment = ProcessInfo.processInfo.environment
    let terminal: FullScreenTerminal
    do {
        terminal = try FullScreenTerminal.open(input: input, output: output, environment: environment, mouse: false)
    } catch {
        printError("showcase: \(error)")
        return 2
    }
    let timer = command.timeout.map(quitting(after:))
    defer { timer?.cancel() }
    return await TerminalApp.run(command.view(text: text), on: terminal, interrupts: .returnToProgram)
}

/// `showcase table`: the CSV read, then the grid printed (`--print`) or a row chosen on the
/// terminal and printed as a CSV line.
@MainActor func chooseRow(_ command: TableCommand) async -> Int32 {
    let text: String
    if let path = command.file {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("showcase: cannot read \(path): \(String(cString: strerror(errno)))")
            return 66
        }
        text = String(decoding: data, as: UTF8.self)
    } else {
        let read = pipedText("give the CSV on standard input (`showcase table < people.csv`) or with --file", limit: PickCommand.inputLimit)
        guard let piped = read.text else { return read.status }
        text = piped
    }
    let table: (columns: [String], rows: [[String]])
    do {
        table = try command.table(from: text)
    } catch {
        printError("showcase: \(error.message)")
        return 65
    }
    let environment = ProcessInfo.processInfo.environment
    if command.prints {
        let depth = printedColorDepth()
        let lines = command.grid(columns: table.columns, rows: table.rows, widths: command.columnWidths(table.columns, table.rows))
        let printed = lines.map { ($0.ansiLines(colorDepth: depth).first ?? "") + "\n" }.joined()
        outputFailure = ChildProcessIO.write(Data(printed.utf8), to: STDOUT_FILENO)?.description
        return 0
    }
    let chooser = TableChooser(command, columns: table.columns, rows: table.rows)
    let terminal: InlineTerminal
    do {
        terminal = try InlineTerminal.openForTool(rows: chooser.preferredHeight, ending: .clear, environment: environment)
    } catch {
        printError("showcase: \(error)")
        return 2
    }
    let timer = command.timeout.map(quitting(after:))
    defer { timer?.cancel() }
    let status = await TerminalApp.run(TerminalHost(backend: terminal, root: chooser), on: terminal, interrupts: .returnToProgram)
    guard status == 0, let chosen = chooser.chosen else { return status }
    outputFailure = ChildProcessIO.write(Data(command.output(for: table.rows[chosen]).utf8), to: STDOUT_FILENO)?.description
    return 0
}

/// `showcase log`: the line on standard error, coloured where that is a terminal, or
/// appended to the file; a file that cannot be opened is said (73).
@MainActor func writeLog(_ command: LogCommand) -> Int32 {
    guard !command.isFiltered else { return command.status }
    let environment = ProcessInfo.processInfo.environment
    if let path = command.file {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            printError("showcase: cannot open \(path) to log into: \(String(cString: strerror(errno)))")
            return 73
        }
        defer { close(descriptor) }
        if let failure = ChildProcessIO.write(Data(command.line(at: Date(), colorDepth: .none).utf8), to: descriptor) {
            printError("showcase: cannot write \(path): \(failure)")
            return 74
        }
        return command.status
    }
    let depth = PrintedColors.depth(environment: environment, outputIsTerminal: isatty(STDERR_FILENO) == 1, errorIsTerminal: false)
    _ = ChildProcessIO.write(Data(command.line(at: Date(), colorDepth: depth).utf8), to: STDERR_FILENO)
    return command.status
}

/// `showcase run -- COMMAND`: the command under a spinner; ends the process with its status.
@MainActor func runUnderIndicator(_ command: RunCommand) -> Never {
    let stream = LineTerminal.standardError
    stream.restoreCursorOnSignals()  // SIGQUIT; SIGINT, SIGTERM and SIGHUP go to the command
    // From here on SIGINT, SIGTERM and SIGHUP are taken by ChildProcess's thread and passed on to the command.
    ChildProcessIO.prepareToForwardInterruptions()
    let runner = CommandRunner(
        arguments: command.command,
        label: command.label,
        style: command.style.flatMap(SpinnerStyle.named) ?? .comet,
        group: ProgressGroup(output: stream),
        standardOutputIsTerminal: LineTerminal(descriptor: STDOUT_FILENO).isTerminal,
        standardOutput: command.showsOutput ? CommandRunner.sink(STDOUT_FILENO) : { _ in nil },
        standardError: command.showsErrors ? CommandRunner.sink(STDERR_FILENO) : { _ in nil },
        reducedMotion: ReducedMotion.isRequested(in: ProcessInfo.processInfo.environment),
        showingLastLines: command.lines,
        leavesLine: command.leavesLine
    )
    runner.start { status in exit(status) }
    // Not dispatchMain(): it leaves the main thread in a sigsuspend that lets every signal
    // in, and an interruption kept alive there (to pass on to the command) upsets
    // libdispatch. The run loop serves the main queue on a main thread that keeps them out.
    while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

/// The terminal a prompt is shown on, known once it is open (the prompt is made before).
@MainActor
private final class OpenedTerminal {
    var terminal: InlineTerminal?
}
