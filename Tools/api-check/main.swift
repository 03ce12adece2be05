// api-check: the public API of each library product, as `swift-api-digester` reads it from
// the built module, flattened to one sorted line a declaration, compared with the baseline
// in Tools/api/<Module>.txt (or written there with --update).
//
//   api-check [--update] --digester PATH --modules DIR [--include DIR]… [--module-map FILE]… --baseline DIR
//             (--swift PATH | MODULE…)
//
// With --swift, the modules are the targets of the package's library products (from
// `swift package dump-package`), so a new product cannot go unrecorded.
//
// Exit status 0 when every module's API is its baseline's, 1 when one differs (the lines
// added and removed are printed), 2 on a usage or digester error.
import Foundation

struct Options {
    var update = false
    var digester = "swift-api-digester"
    var modules = ".build/debug/Modules"
    var includes: [String] = []
    var moduleMaps: [String] = []
    var baseline = "Tools/api"
    var names: [String] = []
    var swift: String?
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var rest = arguments[...]
    while let word = rest.popFirst() {
        switch word {
        case "--update": options.update = true
        case "--digester":
            guard let v = rest.popFirst() else { return nil }
            options.digester = v
        case "--modules":
            guard let v = rest.popFirst() else { return nil }
            options.modules = v
        case "--include":
            guard let v = rest.popFirst() else { return nil }
            options.includes.append(v)
        case "--module-map":
            guard let v = rest.popFirst() else { return nil }
            options.moduleMaps.append(v)
        case "--baseline":
            guard let v = rest.popFirst() else { return nil }
            options.baseline = v
        case "--swift":
            guard let v = rest.popFirst() else { return nil }
            options.swift = v
        default:
            if word.hasPrefix("-") { return nil }
            options.names.append(word)
        }
    }
    return options.names.isEmpty && options.swift == nil ? nil : options
}

/// The targets of the library products of the package in the current folder.
func libraryTargets(swift: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swift)
    process.arguments = ["package", "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let package = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let products = package["products"] as? [[String: Any]]
    else { throw Failure("swift package dump-package failed") }
    let libraries = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }
    return Array(Set(libraries.flatMap { $0["targets"] as? [String] ?? [] })).sorted()
}

/// The digester's JSON of `module`.
func dump(_ module: String, _ options: Options) throws -> [String: Any] {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(module)-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.digester)
    var arguments = ["-dump-sdk", "-module", module, "-I", options.modules, "-o", out.path]
    for include in options.includes { arguments += ["-I", include] }
    for map in options.moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
    #if arch(x86_64)
    arguments += ["-target", "x86_64-unknown-linux-gnu"]
    #elseif arch(arm64)
    arguments += ["-target", "aarch64-unknown-linux-gnu"]
    #endif
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let data = try? Data(contentsOf: out),
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let root = object["ABIRoot"] as? [String: Any],
        root["name"] as? String == module  // NO_MODULE when it could not load it (its status is 0 even so)
    else { throw Failure("swift-api-digester could not read \(module): " + String(decoding: message, as: UTF8.self)) }
    return root
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Conformances every type has, which say nothing about the API.
let implicitConformances: Set<String> = ["Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"]

/// Whether a function's mangled name says it is async. Its own `Ya` is the last one, after its
/// parameters' types; what follows it is at most an error type, `K` (throws), a generic
/// signature and the `F` that ends it. A `Ya` followed by the end of a function type (`c`,
/// `XE`) or a `Yb` (`@Sendable`) belongs to a closure among its parameters instead.
func isAsync(usr: String) -> Bool {
    guard let marker = usr.range(of: "Ya", options: .backwards) else { return false }
    // The operators after it, names (a length, then that many characters) left out.
    var operators = ""
    var rest = Substring(usr[marker.upperBound...])
    while let first = rest.first {
        if first.isNumber {
            let digits = rest.prefix { $0.isNumber }
            rest = rest.dropFirst(digits.count).dropFirst(Int(digits) ?? 0)
        } else {
            operators.append(first)
            rest = rest.dropFirst()
        }
    }
    return !operators.contains("Yb") && !operators.contains("XE") && !operators.contains("c")
}

/// One line a public declaration: its kind, its path and its signature.
func lines(of node: [String: Any], path: [String] = []) -> [String] {
    // `package` declarations are dumped too, marked internal: a dependent package sees none.
    if node["isInternal"] as? Bool == true { return [] }
    let children = node["children"] as? [[String: Any]] ?? []
    let kind = node["kind"] as? String ?? ""
    let declKind = node["declKind"] as? String ?? ""
    let printed = node["printedName"] as? String ?? ""
    let name = (path + [printed]).joined(separator: ".")
    var flags: [String] = []
    if node["static"] as? Bool == true { flags.append("static") }
    if let selfKind = node["funcSelfKind"] as? String, selfKind != "NonMutating" { flags.append(selfKind.lowercased()) }
    if node["throwing"] as? Bool == true { flags.append("throws") }
    // The dump has no flag for `async` on Linux: the mangled name has it (`Ya` after the
    // parameters), and an async overload of a synchronous function is only told apart by it.
    if node["isAsync"] as? Bool == true || (kind == "Function" && isAsync(usr: node["usr"] as? String ?? "")) { flags.append("async") }
    // Attributes a user of the API can notice (a global actor shows as Custom, `final` as Final).
    let noticed: [String: String] = [
        "Custom": "@GlobalActor", "Final": "final", "Preconcurrency": "@preconcurrency", "Required": "required",
        "Override": "override", "Lazy": "lazy", "Nonisolated": "nonisolated", "Indirect": "indirect", "Frozen": "@frozen",
    ]
    let attributes = Array(Set((node["declAttributes"] as? [String] ?? []).compactMap { noticed[$0] })).sorted()
    let generic = (node["genericSig"] as? String).map { " " + $0 } ?? ""
    let prefix = (attributes + flags).joined(separator: " ")
    func line(_ text: String) -> String { (prefix.isEmpty ? "" : prefix + " ") + text }
    func type(_ child: [String: Any]) -> String {
        (child["printedName"] as? String ?? "?") + (child["hasDefaultArg"] as? Bool == true ? " = default" : "")
    }
    switch kind {
    case "Root":
        return children.flatMap { lines(of: $0, path: []) }
    case "TypeDecl":
        let conformances = (node["conformances"] as? [[String: Any]] ?? []).compactMap { $0["printedName"] as? String }.filter {
            !implicitConformances.contains($0)
        }.sorted()
        // A type of another module that this one extends: its members here, not its conformances.
        if node["isExternal"] as? Bool == true {
            return children.flatMap { lines(of: $0, path: path + [printed]) }.map { "extension " + $0 }
        }
        let head = line("\(declKind.lowercased()) \(name)\(generic)" + (conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")))
        return [head] + children.flatMap { lines(of: $0, path: path + [printed]) }
    case "Var":
        guard let first = children.first else { return [] }
        if declKind == "EnumElement" { return [line("case \(name): \(type(first))")] }
        let accessors = (node["accessors"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let settable = accessors.contains("Set") || accessors.contains("Modify")
        return [line("var \(name): \(type(first))" + (settable ? " { get set }" : " { get }"))]
    case "Function", "Constructor", "Subscript":
        guard let result = children.first else { return [] }
        let parameters = children.dropFirst().map(type).joined(separator: ", ")
        let word = kind == "Function" ? (declKind == "Func" ? "func" : declKind.lowercased()) : kind.lowercased()
        return [line("\(word) \(name)\(generic) (\(parameters)) -> \(type(result))")]
    case "TypeAlias":
        return [line("typealias \(name)\(generic) = " + (children.first.map(type) ?? "?"))]
    case "AssociatedType":
        return [line("associatedtype \(name)")]
    case "Macro":
        return [line("macro \(name)")]
    default:
        return []  // imports, accessors (in their variable's line), operator declarations
    }
}

guard var options = parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("usage: api-check [--update] --digester PATH --modules DIR [--include DIR]… --baseline DIR (--swift PATH | MODULE…)\n".utf8)
    )
    exit(2)
}
var differs = false
/// The kit's version as `Modules/IndicatorKit/IndicatorKit.swift` states it: the records in
/// the baseline say in `VERSION` which release they describe, so a new version is released
/// with its API recorded (`make api`).
func kitVersion() -> String? {
    let source = (try? String(contentsOfFile: "Modules/IndicatorKit/IndicatorKit.swift", encoding: .utf8)) ?? ""
    guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix("public let version = ") }) else { return nil }
    return line.split(separator: "\"").dropFirst().first.map(String.init)
}
do {
    if let version = kitVersion() {
        let file = URL(fileURLWithPath: options.baseline).appendingPathComponent("VERSION")
        let recorded = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if options.update {
            try (version + "\n").write(to: file, atomically: true, encoding: .utf8)
        } else if recorded != version {
            differs = true
            print("api-check: the records describe \(recorded ?? "no version") (\(file.path)), the kit says \(version)")
        }
    }
    if let swift = options.swift { options.names += try libraryTargets(swift: swift) }
    for module in options.names {
        let current = Array(Set(lines(of: try dump(module, options)))).sorted()
        let file = URL(fileURLWithPath: options.baseline).appendingPathComponent("\(module).txt")
        let text = current.joined(separator: "\n") + "\n"
        if options.update {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            print("api-check: \(module): \(current.count) declarations written to \(file.path)")
            continue
        }
        let recorded = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        let added = Set(current).subtracting(recorded).sorted()
        let removed = Set(recorded).subtracting(current).sorted()
        if added.isEmpty && removed.isEmpty {
            print("api-check: \(module): \(current.count) declarations, as recorded")
            continue
        }
        differs = true
        print("api-check: \(module)'s public API is not the one recorded in \(file.path):")
        for line in removed { print("  - " + line) }
        for line in added { print("  + " + line) }
    }
} catch {
    FileHandle.standardError.write(Data("api-check: \(error)\n".utf8))
    exit(2)
}
if differs {
    print("api-check: if the change is meant, record it (make api) and say so in CHANGELOG.md")
    exit(1)
}
