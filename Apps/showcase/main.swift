// The showcase executable, the composition root: it parses the command line and hands each
// command to its launcher (the other files here), which wires the real parts.
import Foundation
import ShowcaseKit

let command: ShowcaseCommand
do {
    command = try ShowcaseCommand.parse(arguments.words, environment: ProcessInfo.processInfo.environment)
} catch {
    printError("showcase: \(error.message.sanitizedForTerminal)\n")
    printError(ShowcaseCommand.shortUsage(for: arguments.words))
    exit(64)
}

switch command {
case .help:
    say(ShowcaseCommand.usage)
    finish(0)
case .commandHelp(let name):
    say(ShowcaseCommand.help(for: name))
    finish(0)
case .version:
    say(ShowcaseCommand.versionText)
    finish(0)
case .headless(let paths, let svg):
    finish(await HeadlessCommand.run(paths: paths, svgDirectory: svg, output: say, errors: printError))
case .gif(.play(let path, let memory, let symbols)):
    finish(await playGif(path, memory: memory, symbols: symbols))
case .gif(let gifCommand):
    finish(GifCommand.run(gifCommand, output: say, errors: printError, progress: .standardError))
case .run(let runCommand):
    runUnderIndicator(runCommand)
case .view(let view):
    finish(printPicture(view))
case .pick(let pick):
    finish(await pickItems(pick))
case .ask(let question):
    finish(await ask(question))
case .style(let style):
    finish(printStyled(style))
case .format(let format):
    finish(printFormatted(format))
case .record(let record):
    finish(await record.run(output: say, errors: printError))
case .file(let file):
    finish(await chooseFile(file))
case .pager(let pager):
    finish(await page(pager))
case .table(let table):
    finish(await chooseRow(table))
case .log(let log):
    finish(writeLog(log))
case .library(let libraryCommand):
    finish(libraryCommand.run(environment: ProcessInfo.processInfo.environment, output: say, errors: printError, progress: .standardError))
case .interactive(let scene, let library, let symbols, let graphics):
    finish(await openApp(scene: scene, library: library, symbols: symbols, graphics: graphics))
}
