// doc-check: keeps the documentation true to the code.
//
//   doc-check [--update] [--swift PATH] [ROOT]
//
// 1. Every ```swift block of README.md and docs/*.md is a complete program, unless the
//    line before its fence is `<!-- fragment -->`. Each becomes an executable of a consumer
//    package (ROOT/.build/doc-examples) that depends on IndicatorKit by path and only on the
//    products the block imports; the package is built, and errors are reported at the
//    documentation's own lines. Then each example runs (standard input empty, 30 s at most)
//    and must exit 0, unless the line before its fence is `<!-- not run: REASON -->` (it
//    needs a terminal, say). An example whose modules do not reach CGiflib must not link
//    libgif, one that reaches no networking links no libcurl, and none links libncursesw or
//    libtinfo: the kit reads terminfo itself (checked with ldd where there is one).
//    A block (```swift or any other) whose marker is `<!-- file: PATH -->` (optionally
//    `<!-- file: PATH; not run: REASON -->`) is instead one file of an app laid out as a
//    package is: PATH is `Sources/TARGET/…` or `Tests/TARGET/…`. Each folder becomes a
//    target of the same consumer package — a test target under Tests/, an executable when
//    it has a main.swift, else a library — depending on the products and the other such
//    targets its files import; files that are not Swift (scenarios, snapshots) are
//    excluded from the target, as an app's own Package.swift would. Executables run as
//    above, and `swift test` runs the test targets.
// 2. The module table of docs/ARCHITECTURE.md (between `<!-- targets -->` and
//    `<!-- end targets -->`) is Package.swift's targets and dependencies; `--update`
//    writes it. Every arrow of its diagram (between `<!-- diagram -->` and
//    `<!-- end diagram -->`) is a dependency there, and every library product is drawn.
//    README.md's module table (between `<!-- products -->` and `<!-- end products -->`)
//    names every library product once, and nothing else.
// 3. Every target imports each of the package's modules it declares, and declares each it
//    imports.
// 4. docs/ARCHITECTURE.md's rules on unsafe code hold: unsafe pointers only in the modules
//    of its `<!-- unsafe modules -->` list, `@unchecked Sendable` only on the types of its
//    `<!-- unchecked sendable -->` list, each with a comment; every name listed is used.
// 5. What README.md, docs/*.md and the modules' catalogues name is there: a type or module
//    in backticks, a path in backticks, a relative link.
//
// Exit status: 0 when all holds, 1 when something does not, 64 for a bad command line.
import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// A ```swift block of a page.
struct Block {
    let page: String
    let line: Int  // the first code line, 1-based
    let code: String
    let runs: Bool
    var imports: [String] {
        code.split(separator: "\n").compactMap { line -> String? in
            let words = (line.components(separatedBy: "//").first ?? "").split(separator: " ")
            guard words.count == 2, words[0] == "import" else { return nil }
            return String(words[1])
        }
    }
}

/// The package as `swift package dump-package` describes it.
struct Manifest {
    struct Target {
        let name: String, path: String, kind: String, dependencies: [String]
    }
    let libraries: Set<String>
    let targets: [Target]

    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let products = root["products"] as? [[String: Any]],
            let targets = root["targets"] as? [[String: Any]]
        else { throw Failure(description: "cannot read the manifest") }
        libraries = Set(
            products.compactMap { product in
                guard let type = product["type"] as? [String: Any], type["library"] != nil else { return nil }
                return product["name"] as? String
            }
        )
        self.targets = targets.compactMap { target in
            guard let name = target["name"] as? String, let kind = target["type"] as? String else { return nil }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                for key in ["byName", "target", "product"] {
                    if let value = dependency[key] as? [Any], let first = value.first as? String { return first }
                }
                return nil
            }
            return Target(name: name, path: target["path"] as? String ?? "", kind: kind, dependencies: dependencies)
        }
    }

    func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// Every target `names` reach, themselves included.
    func closure(of names: [String]) -> Set<String> {
        var seen = Set<String>()
        var queue = names
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += target(next)?.dependencies ?? []
        }
        return seen
    }

    /// The table of docs/ARCHITECTURE.md: the modules, apps and tools with what they use.
    var table: String {
        var rows = ["| target | folder | kind | depends on |", "| --- | --- | --- | --- |"]
        for target in targets where target.kind != "test" {
            let kind: String
            if libraries.contains(target.name) {
                kind = "library product"
            } else {
                kind =
                    switch target.kind {
                    case "system": "system library"
                    case "executable": "executable"
                    default: target.path.hasPrefix("Modules/") && target.name.hasPrefix("C") ? "C shim" : "support"
                    }
            }
            let uses = target.dependencies.isEmpty ? "—" : target.dependencies.joined(separator: ", ")
            rows.append("| \(target.name) | `\(target.path)` | \(kind) | \(uses) |")
        }
        return rows.joined(separator: "\n")
    }
}

@discardableResult
func run(_ executable: String, _ arguments: [String], keepingErrors: Bool = true) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = keepingErrors ? pipe : FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs an example with nothing on its standard input; one still running after `seconds`
/// is killed and reported.
func runWithDeadline(_ executable: String, seconds: Double) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.standardInput = FileHandle.nullDevice
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("doc-check-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    if ended.wait(timeout: .now() + seconds) == .timedOut {
        process.terminate()
        if ended.wait(timeout: .now() + 5) == .timedOut {
            kill(process.processIdentifier, SIGKILL)  // it did not end on SIGTERM
            ended.wait()
        }
        return (-1, "still running after \(Int(seconds)) s; it was stopped")
    }
    try handle.close()
    return (process.terminationStatus, String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self))
}

/// A block that is one file of an app's package (`<!-- file: PATH -->`).
struct FileBlock {
    let block: Block
    let path: String  // Sources/TARGET/… or Tests/TARGET/…
    var target: String { path.split(separator: "/")[1].description }
    var isTest: Bool { path.hasPrefix("Tests/") }
}

func blocks(in page: URL, relativeTo root: URL) throws -> (complete: [Block], files: [FileBlock], fragments: Int) {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    let name = String(page.path.dropFirst(root.path.count + 1))
    var complete: [Block] = []
    var files: [FileBlock] = []
    var fragments = 0
    var index = 0
    while index < lines.count {
        let line = lines[index]
        guard line.hasPrefix("```") else {
            index += 1
            continue
        }
        var previous = index - 1
        while previous >= 0 && lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
        let marker = previous >= 0 ? lines[previous].trimmingCharacters(in: .whitespaces) : ""
        var end = index + 1
        while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
        let code = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
        if marker.hasPrefix("<!-- file: "), marker.hasSuffix(" -->") {
            let inside = marker.dropFirst("<!-- file: ".count).dropLast(" -->".count)
            let parts = inside.split(separator: ";", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let block = Block(page: name, line: index + 2, code: code + "\n", runs: !(parts.count > 1 && parts[1].hasPrefix("not run:")))
            files.append(FileBlock(block: block, path: parts[0]))
        } else if line.hasPrefix("```swift") {
            if marker == "<!-- fragment -->" {
                fragments += 1
            } else {
                complete.append(Block(page: name, line: index + 2, code: code, runs: !marker.hasPrefix("<!-- not run:")))
            }
        }
        index = end + 1
    }
    return (complete, files, fragments)
}

/// The targets the file blocks make, as Package.swift lines; problems with their paths.
func fileTargets(_ files: [FileBlock], libraries: Set<String>) -> (lines: [String], problems: [String]) {
    var problems: [String] = []
    var seen = Set<String>()
    var valid: [FileBlock] = []
    for file in files {
        let parts = file.path.split(separator: "/")
        guard parts.count >= 3, ["Sources", "Tests"].contains(parts[0]), !parts.contains(".."), !file.path.hasPrefix("/") else {
            problems.append("\(file.block.page):\(file.block.line - 2): a file block's path is Sources/TARGET/… or Tests/TARGET/…, not \(file.path)")
            continue
        }
        guard seen.insert(file.path).inserted else {
            problems.append("\(file.block.page):\(file.block.line - 2): \(file.path) is given twice")
            continue
        }
        valid.append(file)
    }
    let names = Set(valid.map(\.target))
    var lines: [String] = []
    for name in names.sorted() {
        let own = valid.filter { $0.target == name }
        let swiftFiles = own.filter { $0.path.hasSuffix(".swift") }
        let imports = Set(swiftFiles.flatMap(\.block.imports))
        let dependencies =
            imports.filter { names.contains($0) && $0 != name }.sorted().map { "\"\($0)\"" }
            + imports.filter { libraries.contains($0) }.sorted().map { ".product(name: \"\($0)\", package: \"IndicatorKit\")" }
        let folder = (own[0].isTest ? "Tests/" : "Sources/") + name
        let excluded = Set(own.filter { !$0.path.hasSuffix(".swift") }.map { $0.path.split(separator: "/")[2].description }).sorted()
        let kind = own[0].isTest ? "testTarget" : own.contains { $0.path.hasSuffix("/main.swift") } ? "executableTarget" : "target"
        let exclude = excluded.isEmpty ? "" : ", exclude: [\(excluded.map { "\"\($0)\"" }.joined(separator: ", "))]"
        lines.append(
            "        .\(kind)(name: \"\(name)\", dependencies: [\(dependencies.joined(separator: ", "))], path: \"\(folder)\"\(exclude), \(warningsFail)),"
        )
    }
    return (lines, problems)
}

/// An example that builds with a warning fails: what a reader copies must build clean (a
/// `try await` in `main.swift`'s top-level code, which Swift gives the synchronous twin of a
/// call, warns "no 'async' operations occur within 'await' expression").
let warningsFail = "swiftSettings: [.unsafeFlags([\"-warnings-as-errors\"])]"

/// The docs' ```swift blocks: whole examples (one executable each), file blocks (targets of
/// an app of the docs) and how many fragments were skipped.
struct DocExamples {
    var examples: [(target: String, block: Block)] = []
    var files: [FileBlock] = []
    var fragments = 0

    /// The file blocks' executables (a `main.swift` outside the tests).
    var mains: [FileBlock] { files.filter { $0.path.hasSuffix("/main.swift") && !$0.isTest } }
    var hasTests: Bool { files.contains(where: \.isTest) }

    /// The page and line of a generated file's line.
    func origin(_ generated: String, _ row: Int) -> String? {
        if let file = files.first(where: { generated.hasSuffix("/" + $0.path) }) { return "\(file.block.page):\(file.block.line + row - 1)" }
        return nil
    }
}

/// Builds every example of README.md and docs/*.md as a package of its own that depends on
/// the kit by path, runs them, runs the file blocks' tests and checks what each links.
func checkExamples(root: URL, swift: String, manifest: Manifest) throws -> [String] {
    let found = try collectExamples(root: root)
    let package = root.appendingPathComponent(".build/doc-examples")
    let problems = try writeExamplePackage(found, at: package, manifest: manifest)
    guard problems.isEmpty else { return problems }
    print(
        "doc-check: building \(found.examples.count) examples and \(Set(found.files.map(\.target)).count) targets of \(found.files.count) file blocks (\(found.fragments) fragments skipped) in \(package.path)"
    )
    let buildProblems = try buildExamples(found, package: package, swift: swift)
    guard buildProblems.isEmpty else { return buildProblems }
    let binaries = try run(swift, ["build", "--package-path", package.path, "--show-bin-path"], keepingErrors: false).output.trimmingCharacters(
        in: .whitespacesAndNewlines
    )
    return try runExamples(found, binaries: binaries, package: package, swift: swift)
        + (try checkLinkedLibraries(found, binaries: binaries, manifest: manifest))
}

/// The blocks of every page.
func collectExamples(root: URL) throws -> DocExamples {
    let docs = root.appendingPathComponent("docs")
    let pages =
        [root.appendingPathComponent("README.md")]
        + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil))
        .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    var found = DocExamples()
    for page in pages {
        let blocks = try blocks(in: page, relativeTo: root)
        found.fragments += blocks.fragments
        found.files += blocks.files
        for (n, block) in blocks.complete.enumerated() {
            let stem = page.deletingPathExtension().lastPathComponent.filter { $0.isLetter || $0.isNumber }
            found.examples.append(("\(stem)Example\(n + 1)", block))
        }
    }
    return found
}

/// Writes the examples' package (its sources and manifest) at `package`; the problems of
/// the file blocks' targets, if any.
func writeExamplePackage(_ found: DocExamples, at package: URL, manifest: Manifest) throws -> [String] {
    try? FileManager.default.removeItem(at: package.appendingPathComponent("Sources"))
    try? FileManager.default.removeItem(at: package.appendingPathComponent("Tests"))
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    let link = package.appendingPathComponent("IndicatorKit")
    try? FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../..")
    var targets: [String] = []
    for (target, block) in found.examples {
        let folder = package.appendingPathComponent("Sources/\(target)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(block.code.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let products = block.imports.filter { manifest.libraries.contains($0) }
        let dependencies = products.map { ".product(name: \"\($0)\", package: \"IndicatorKit\")" }.joined(separator: ", ")
        targets.append("        .executableTarget(name: \"\(target)\", dependencies: [\(dependencies)], \(warningsFail)),")
    }
    let apps = fileTargets(found.files, libraries: manifest.libraries)
    guard apps.problems.isEmpty else { return apps.problems }
    targets += apps.lines
    for file in found.files {
        let url = package.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.block.code.utf8).write(to: url)
    }
    let manifestText = """
        // swift-tools-version:6.0
        // Generated by doc-check from the ```swift blocks of README.md and docs/*.md.
        import PackageDescription

        let package = Package(
            name: "DocExamples",
            platforms: [.macOS(.v13)],
            dependencies: [.package(path: "IndicatorKit")],
            targets: [
        \(targets.joined(separator: "\n"))
            ],
            swiftLanguageModes: [.v6]
        )

        """
    try Data(manifestText.utf8).write(to: package.appendingPathComponent("Package.swift"))
    return []
}

/// Builds the package; each error pointed at its page's own line.
func buildExamples(_ found: DocExamples, package: URL, swift: String) throws -> [String] {
    var build = try run(swift, ["build", "--package-path", package.path] + (found.hasTests ? ["--build-tests"] : []))
    guard build.status != 0 else { return [] }
    // The build stops at the first example that fails: build each to find every error.
    var output = ""
    for target in found.examples.map(\.target) + Set(found.files.map(\.target)).sorted() {
        output += try run(swift, ["build", "--package-path", package.path, "--target", target]).output
    }
    build.output = output
    var problems: [String] = []
    for line in build.output.split(separator: "\n") where line.contains("error:") {
        let location = line.split(separator: ":", maxSplits: 3)
        if location.count >= 3, let row = Int(location[1]), let place = found.origin(String(location[0]), row) {
            problems.append("\(place): \(location.count > 3 ? String(location[3]).trimmingCharacters(in: .whitespaces) : String(line))")
            continue
        }
        guard let range = line.range(of: "/Sources/") else { continue }
        let parts = line[range.upperBound...].split(separator: ":", maxSplits: 3)
        guard parts.count >= 3, let row = Int(parts[1]),
            let example = found.examples.first(where: { $0.target == parts[0].split(separator: "/").first.map(String.init) })
        else { continue }
        problems.append(
            "\(example.block.page):\(example.block.line + row - 1): \(parts.count > 3 ? String(parts[3]).trimmingCharacters(in: .whitespaces) : String(line))"
        )
    }
    return problems.isEmpty ? ["the examples do not build:\n" + build.output] : Array(Set(problems)).sorted()
}

/// Runs every example and app not marked otherwise (30 s each), then the file blocks' tests.
func runExamples(_ found: DocExamples, binaries: String, package: URL, swift: String) throws -> [String] {
    var problems: [String] = []
    var ran = 0
    for (target, block) in found.examples where block.runs {
        let result = try runWithDeadline(binaries + "/" + target, seconds: 30)
        ran += 1
        if result.status != 0 {
            problems.append("\(block.page):\(block.line): the example ended with status \(result.status):\n\(result.output)")
        }
    }
    for main in found.mains where main.block.runs {
        let result = try runWithDeadline(binaries + "/" + main.target, seconds: 30)
        ran += 1
        if result.status != 0 {
            problems.append("\(main.block.page):\(main.block.line): \(main.target) ended with status \(result.status):\n\(result.output)")
        }
    }
    print("doc-check: ran \(ran) examples (\(found.examples.count + found.mains.count - ran) marked not run)")
    guard found.hasTests else { return problems }
    let tests = try run(swift, ["test", "--skip-build", "--package-path", package.path])
    if tests.status != 0 {
        problems.append(
            "the tests of the docs' file blocks failed:\n"
                + tests.output.split(separator: "\n").filter {
                    !$0.hasPrefix("✔") && !$0.hasPrefix("[") && !$0.hasPrefix("Test Suite") && !$0.hasPrefix("Test Case")
                        && !$0.contains("Testing Library Version") && !$0.contains("Target Platform")
                }.joined(separator: "\n")
        )
    } else {
        print("doc-check: the docs' tests passed (" + (tests.output.split(separator: "\n").last { $0.contains("Test run with") }.map(String.init) ?? "") + ")")
    }
    return problems
}

/// An example that reaches no GIF decoder links no libgif; one that reaches no networking
/// (LoadingNetworking) links no libcurl; none links ncurses (the kit reads terminfo itself).
func checkLinkedLibraries(_ found: DocExamples, binaries: String, manifest: Manifest) throws -> [String] {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { return [] }
    let appImports = { (target: String) in found.files.filter { $0.target == target }.flatMap(\.block.imports) }
    let mainBlocks = found.mains.map { main -> (String, Block) in
        // The executable reaches its own imports and those of the app's targets it imports.
        let direct = appImports(main.target)
        let all = direct + direct.filter { name in found.files.contains { $0.target == name } }.flatMap(appImports)
        return (
            main.target,
            Block(page: main.block.page, line: main.block.line, code: all.map { "import \($0)" }.joined(separator: "\n"), runs: main.block.runs)
        )
    }
    var problems: [String] = []
    for (target, block) in found.examples + mainBlocks {
        let reached = manifest.closure(of: block.imports.filter { manifest.libraries.contains($0) })
        let libraries = try run("/usr/bin/ldd", [binaries + "/" + target]).output
        if !reached.contains("CGiflib"), libraries.contains("libgif") {
            problems.append("\(block.page):\(block.line): imports \(block.imports.joined(separator: ", ")) but links libgif")
        }
        if !reached.contains("LoadingNetworking"), !block.imports.contains("FoundationNetworking"), libraries.contains("libcurl") {
            problems.append("\(block.page):\(block.line): imports \(block.imports.joined(separator: ", ")) but links libcurl")
        }
        if libraries.contains("libncursesw") || libraries.contains("libtinfo") {
            problems.append("\(block.page):\(block.line): imports \(block.imports.joined(separator: ", ")) but links ncurses")
        }
    }
    return problems
}

/// Every `A ──► B, C ──► D` of the diagram is a dependency of Package.swift, and every
/// library product is in it.
func checkDiagram(_ text: String, manifest: Manifest) -> [String] {
    guard let start = text.range(of: "<!-- diagram -->"), let stop = text.range(of: "<!-- end diagram -->"),
        start.upperBound < stop.lowerBound
    else {
        return ["docs/ARCHITECTURE.md has no <!-- diagram --> … <!-- end diagram --> block"]
    }
    var problems: [String] = []
    var named = Set<String>()
    for line in text[start.upperBound..<stop.lowerBound].split(separator: "\n") where line.contains("──►") {
        // Entries are three or more spaces apart; each is a chain of arrows.
        for entry in line.components(separatedBy: "   ") where entry.contains("──►") {
            let links = entry.components(separatedBy: "──►").map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            for (from, to) in zip(links, links.dropFirst()) {
                for source in from {
                    named.insert(source)
                    for target in to {
                        named.insert(target)
                        if manifest.target(source)?.dependencies.contains(target) != true {
                            problems.append("docs/ARCHITECTURE.md: the diagram says \(source) ──► \(target), Package.swift does not")
                        }
                    }
                }
            }
        }
    }
    for library in manifest.libraries.sorted() where !named.contains(library) {
        problems.append("docs/ARCHITECTURE.md: the diagram leaves out the library \(library)")
    }
    return problems
}

func checkArchitecture(root: URL, manifest: Manifest, update: Bool) throws -> [String] {
    let page = root.appendingPathComponent("docs/ARCHITECTURE.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    let diagram = checkDiagram(text, manifest: manifest)
    let begin = "<!-- targets -->"
    let end = "<!-- end targets -->"
    guard let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound < stop.lowerBound else {
        return ["docs/ARCHITECTURE.md has no \(begin) … \(end) table; add the markers and run doc-check --update"]
    }
    let wanted = "\n" + manifest.table + "\n"
    guard String(text[start.upperBound..<stop.lowerBound]) != wanted else { return diagram }
    if update {
        try Data(text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: wanted).utf8).write(to: page)
        print("doc-check: wrote the targets table of docs/ARCHITECTURE.md")
        return diagram
    }
    return diagram + ["docs/ARCHITECTURE.md: the targets table differs from Package.swift; run doc-check --update and review the diagram"]
}

/// The module table of README.md (between `<!-- products -->` and `<!-- end products -->`,
/// a row per module: layer, name, what it is) names every library product once, and
/// nothing else.
func checkProducts(root: URL, manifest: Manifest) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    guard let start = text.range(of: "<!-- products -->"), let stop = text.range(of: "<!-- end products -->"), start.upperBound < stop.lowerBound else {
        return ["README.md has no <!-- products --> … <!-- end products --> table of the modules"]
    }
    let rows = text[start.upperBound..<stop.lowerBound].split(separator: "\n").dropFirst(2)
    let named = rows.compactMap { row -> String? in
        let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return cells.count > 3 ? cells[2] : nil
    }
    var problems: [String] = []
    for name in Set(named) where named.filter({ $0 == name }).count > 1 { problems.append("README.md: the module table names \(name) twice") }
    for name in Set(named).subtracting(manifest.libraries).sorted() {
        problems.append("README.md: the module table names \(name), which Package.swift has no library product of")
    }
    for name in manifest.libraries.subtracting(named).sorted() { problems.append("README.md: the module table leaves out the library product \(name)") }
    return problems
}

/// Every target imports what it declares and declares what it imports (of this package's
/// modules): a dependency left over links for nothing, and one not declared builds only by
/// luck of the build order.
func checkImports(root: URL, manifest: Manifest) throws -> [String] {
    let modules = Set(manifest.targets.map(\.name))
    var problems: [String] = []
    for target in manifest.targets where target.kind != "system" && !target.path.isEmpty {
        let folder = root.appendingPathComponent(target.path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
        var imported = Set<String>()
        var hasSwift = false
        for case let file as URL in walker where file.pathExtension == "swift" {
            hasSwift = true
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") || ["internal", "package", "public", "private", "fileprivate"].contains(first) {
                    words.removeFirst()
                }
                guard words.count >= 2, words[0] == "import" else { continue }
                // `import let Module.name` and the like name the module after the kind.
                let name =
                    words.count >= 3 && ["let", "var", "func", "struct", "class", "enum", "protocol", "typealias"].contains(words[1]) ? words[2] : words[1]
                imported.insert(String(name.split(separator: ".")[0]))
            }
        }
        guard hasSwift else { continue }  // a C target includes its dependencies' headers
        let declared = Set(target.dependencies).intersection(modules)
        let used = imported.intersection(modules).subtracting([target.name])
        for name in used.subtracting(declared).sorted() {
            problems.append("Package.swift: \(target.name) imports \(name) without declaring it")
        }
        for name in declared.subtracting(used).sorted() where manifest.target(name)?.kind != "executable" {
            problems.append("Package.swift: \(target.name) declares \(name) and imports it nowhere")
        }
    }
    return problems
}

/// The names ARCHITECTURE.md lists between `<!-- NAME -->` and `<!-- end NAME -->`.
func listed(_ name: String, in text: String) -> Set<String>? {
    guard let start = text.range(of: "<!-- \(name) -->"), let stop = text.range(of: "<!-- end \(name) -->"), start.upperBound < stop.lowerBound else {
        return nil
    }
    return Set(text[start.upperBound..<stop.lowerBound].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
}

/// ARCHITECTURE.md's rules on unsafe code, kept: unsafe pointers only in the modules it
/// names, `@unchecked Sendable` only on the types it names, each with a comment saying what
/// serialises it; every name listed is still there.
func checkUnsafeRules(root: URL, manifest: Manifest) throws -> [String] {
    let page = "docs/ARCHITECTURE.md"
    let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    guard let modules = listed("unsafe modules", in: text), let types = listed("unchecked sendable", in: text) else {
        return ["\(page) has no <!-- unsafe modules --> or <!-- unchecked sendable --> list"]
    }
    let pointer = try Regex(
        #"\b(Unsafe[A-Za-z]*Pointer|withUnsafe[A-Za-z]*|withMemoryRebound|assumingMemoryBound|bindMemory|unsafeBitCast|unsafeUninitializedCapacity|Unmanaged)\b"#
    )
    .wordBoundaryKind(.simple)  // the default (Unicode's) finds no boundary in `buffer.withUnsafeBytes`
    let unchecked = try Regex(#"(class|struct|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)[^{]*@unchecked\s+Sendable"#)
    var problems: [String] = []
    var usingPointers = Set<String>()
    var found = Set<String>()
    for target in manifest.targets where target.kind != "test" && target.kind != "system" && !target.path.isEmpty {
        guard target.path.hasPrefix("Modules/") || target.path.hasPrefix("Apps/") else { continue }
        let folder = root.appendingPathComponent(target.path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
        for case let file as URL in walker where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let path = target.path + file.path.dropFirst(folder.path.count)
            for (number, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                if code.contains(pointer) {
                    usingPointers.insert(target.name)
                    if !modules.contains(target.name) {
                        problems.append("\(path):\(number + 1): an unsafe pointer in \(target.name); \(page) allows them only in its <!-- unsafe modules -->")
                    }
                }
                guard let match = code.firstMatch(of: unchecked), let name = match.output[2].substring.map(String.init) else { continue }
                found.insert(name)
                if !types.contains(name) {
                    problems.append("\(path):\(number + 1): \(name) is @unchecked Sendable; \(page) allows it only for its <!-- unchecked sendable --> types")
                }
                let below = number + 1 < lines.count ? lines[number + 1] : ""
                if !line.contains("//") && !below.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    problems.append("\(path):\(number + 1): \(name) is @unchecked Sendable without a comment saying what serialises its state")
                }
            }
        }
    }
    for name in modules.subtracting(usingPointers).sorted() { problems.append("\(page): \(name) is listed as using unsafe pointers and uses none") }
    for name in types.subtracting(found).sorted() { problems.append("\(page): \(name) is listed as @unchecked Sendable and is not") }
    return problems
}

/// README.md, docs/*.md and every module's catalogue pages (`Modules/*/*.docc/*.md`).
func referencePages(root: URL) -> [URL] {
    let manager = FileManager.default
    var pages = [root.appendingPathComponent("README.md")]
    let docs = root.appendingPathComponent("docs")
    pages += ((try? manager.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    let modules = root.appendingPathComponent("Modules")
    for module in ((try? manager.contentsOfDirectory(atPath: modules.path)) ?? []).sorted() {
        let catalogue = modules.appendingPathComponent(module).appendingPathComponent(module + ".docc")
        pages += ((try? manager.contentsOfDirectory(atPath: catalogue.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted().map {
            catalogue.appendingPathComponent($0)
        }
    }
    return pages
}

/// Names the pages write in backticks that are not the kit's: Swift's and Foundation's types,
/// and the other libraries' names a page compares with (indicatif, ratatui, bubbletea, huh,
/// swift-argument-parser, SwiftNIO), and words a screen shows.
let namesNotTheKits: Set<String> = [
    "Bool", "CancellationError", "Character", "Codable", "CollectionDifference", "Data", "Double", "Sendable", "String",
    "StringProtocol", "Task", "Unmanaged", "AsyncParsableCommand", "EmbeddedEventLoop", "InMemoryTerm", "List", "Confirm",
    "Input", "MultiSelect", "Select", "Text", "Init", "Update", "VmHWM", "Cancelled", "Done", "Next", "RunLoop",
    "ErrUserAborted", "ExitPromptError", "Timer",
]

/// Every page's references hold: a type or module written in backticks (`ListView`) is
/// declared in the package or by a page's own example, a path in backticks
/// (`Tests/ViewCoreTests/CellTests.swift`, or a test in one: `…/CellTests.aCellHoldsNoReference`)
/// exists, and every relative link leads to a file.
func checkReferences(root: URL, manifest: Manifest, pages: [URL]) throws -> [String] {
    let declaration = try Regex(#"\b(?:class|struct|enum|protocol|actor|typealias|case)\s+([A-Z][A-Za-z0-9_]*)"#)
    var known = Set(manifest.targets.map(\.name))
    func learn(_ text: String) {
        for match in text.matches(of: declaration) { if let name = match.output[1].substring { known.insert(String(name)) } }
    }
    for folder in ["Modules", "Apps", "Tools", "Tests"] {
        guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil) else { continue }
        for case let file as URL in walker where file.pathExtension == "swift" { learn(try String(contentsOf: file, encoding: .utf8)) }
    }
    let texts = try pages.map { try String(contentsOf: $0, encoding: .utf8) }
    let fileBlock = try Regex(#"<!-- file: (?:Sources|Tests)/([A-Za-z0-9_]+)/"#)
    for text in texts {
        learn(text)  // the examples' own types
        for match in text.matches(of: fileBlock) { if let name = match.output[1].substring { known.insert(String(name)) } }
    }
    let quoted = try Regex(#"`([^`\n]+)`"#)
    let typeName = try Regex(#"[A-Z][a-z][A-Za-z0-9]*"#)
    let path = try Regex(#"(?:Modules|Apps|Tools|Tests|docs)/[^\s<>*…{}]+"#)
    let link = try Regex(#"\]\(([^)\s]+)\)"#)
    var problems: [String] = []
    for (page, text) in zip(pages, texts) {
        let name = String(page.path.dropFirst(root.path.count + 1))
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let at = "\(name):\(number + 1)"
            for match in line.matches(of: quoted) {
                guard let token = match.output[1].substring.map(String.init) else { continue }
                if token.wholeMatch(of: typeName) != nil, !known.contains(token), !namesNotTheKits.contains(token) {
                    problems.append("\(at): `\(token)` names no type or module of the package")
                }
                if token.wholeMatch(of: path) != nil {
                    var file = token.hasSuffix("/") ? String(token.dropLast()) : token
                    if let colon = file.lastIndex(of: ":"), Int(file[file.index(after: colon)...]) != nil { file = String(file[..<colon]) }
                    let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path)
                    let member = file.lastIndex(of: ".").map { String(file[..<$0]) + ".swift" }
                    if !exists, member.map({ FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }) != true {
                        problems.append("\(at): `\(token)` is no file or folder of the package")
                    }
                }
            }
            for match in line.matches(of: link) {
                guard let target = match.output[1].substring.map(String.init) else { continue }
                guard !["http:", "https:", "mailto:", "#", "doc:"].contains(where: { target.hasPrefix($0) }) else { continue }
                let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
                if !FileManager.default.fileExists(atPath: resolved.path) { problems.append("\(at): the link \(target) leads to no file") }
            }
        }
    }
    return problems
}

var arguments = Array(CommandLine.arguments.dropFirst())
var update = false
var swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "/usr/bin/swift"
var rootPath = FileManager.default.currentDirectoryPath
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--update": update = true
    case "--swift":
        guard let value = arguments.first else {
            print("doc-check: --swift needs a path")
            exit(64)
        }
        swift = value
        arguments.removeFirst()
    case "-h", "--help":
        print("USAGE: doc-check [--update] [--swift PATH] [ROOT]")
        exit(0)
    default:
        guard !argument.hasPrefix("-") else {
            FileHandle.standardError.write(Data("doc-check: unknown option \(argument)\nUSAGE: doc-check [--update] [--swift PATH] [ROOT]\n".utf8))
            exit(64)
        }
        rootPath = argument
    }
}
let root = URL(fileURLWithPath: rootPath).standardizedFileURL
do {
    let dump = try run(swift, ["package", "--package-path", root.path, "dump-package"], keepingErrors: false)
    guard dump.status == 0 else { throw Failure(description: "swift package dump-package failed:\n\(dump.output)") }
    let manifest = try Manifest(json: Data(dump.output.utf8))
    let problems =
        try checkArchitecture(root: root, manifest: manifest, update: update)
        + checkProducts(root: root, manifest: manifest)
        + checkImports(root: root, manifest: manifest)
        + checkUnsafeRules(root: root, manifest: manifest)
        + checkReferences(root: root, manifest: manifest, pages: referencePages(root: root))
        + checkExamples(root: root, swift: swift, manifest: manifest)
    for problem in problems { print("doc-check: \(problem)") }
    if problems.isEmpty { print("doc-check: the documentation's examples build and its module tables match Package.swift") }
    exit(problems.isEmpty ? 0 : 1)
} catch {
    print("doc-check: \(error)")
    exit(1)
}
