import Foundation
import GifDecoding
import Indicator
import KitSupport
import TUIPilot

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gif frames`: every composited frame as raw RGBA plus `info.json`, written into a
/// folder beside the target and moved into place only when complete, so a failure (a full
/// disk, a bad frame, an interruption) never leaves a half export or loses an earlier one.
struct FrameExport {
    let image: AnimatedImage
    /// The folder asked for.
    let target: String
    /// Whether an earlier export in `target` may be replaced.
    let replace: Bool

    /// Why the export was not made: one line for the user; the exit status is 73.
    struct Failure: Error {
        let message: String
    }

    static func frameName(_ index: Int) -> String { "frame-" + String(format: "%04d", index) + ".rgba" }

    /// The names an export consists of.
    static func isExportName(_ name: String) -> Bool {
        name == "info.json" || (name.hasPrefix("frame-") && name.hasSuffix(".rgba"))
    }

    /// Whether `name` in `folder` is part of an earlier export: a regular file (not a folder,
    /// a link or a device) of an export's name. Anything else is the user's, never replaced.
    static func isExportFile(_ name: String, in folder: String) -> Bool {
        var info = stat()
        return isExportName(name) && lstat((folder as NSString).appendingPathComponent(name), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// `target` as an absolute path without `.`, `..` or empty components (`.`, `./` and `a/.`
    /// name a folder like any other); a link to a folder is followed, so the export goes
    /// where the link points whether it is written absolute or relative.
    static func resolvedPath(_ target: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let joined = target.hasPrefix("/") ? target : currentDirectory + "/" + target
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        let path = "/" + parts.joined(separator: "/")
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        return path
    }

    /// Writes the export, or throws saying why nothing was.
    /// Writes the export; `progress` shows a bar of the frames written (cleared after).
    func run(progress: ProgressGroup? = nil) throws(Failure) {
        let path = Self.resolvedPath(target)
        guard path != "/" else { throw Failure(message: "the frames cannot replace the root folder; choose another --out") }
        let parent = (path as NSString).deletingLastPathComponent
        let shown = target.sanitizedForTerminal
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) else {
            throw Failure(message: "the folder \(parent.sanitizedForTerminal) does not exist; create it first, or choose another --out")
        }
        guard isFolder.boolValue else {
            throw Failure(message: "\(parent.sanitizedForTerminal) is not a folder; choose another --out")
        }
        var replacing = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure(message: "\(shown) is a file; give a folder to write the frames into") }
            let contents: [String]
            do { contents = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw Failure(message: "cannot read the folder \(shown): \(Self.reason(error)); choose another --out")
            }
            if !contents.isEmpty {
                guard replace else {
                    throw Failure(message: "\(shown) is not empty; give a new or empty folder, or add --replace to replace an earlier export")
                }
                if let foreign = contents.sorted().first(where: { !Self.isExportFile($0, in: path) }) {
                    throw Failure(
                        message:
                            "\(shown) holds \(foreign.sanitizedForTerminal), which is not part of an export; --replace replaces only an earlier export, so give another folder"
                    )
                }
                replacing = true
            }
        }
        let info = Data((GifReport(image: image).json + "\n").utf8)
        try checkSpace(in: parent, info: info.count, replacing: replacing)

        // Written beside the target, on the same file system, then renamed into place.
        let staging = (parent as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).partial-\(getpid())")
        removeTree(staging)
        guard mkdir(staging, 0o755) == 0 else {
            throw Failure(message: "cannot create a folder in \(parent.sanitizedForTerminal): \(String(cString: strerror(errno))); choose another --out")
        }
        do {
            let bar = progress?.bar(total: image.frameCount, message: "writing frames")
            defer { bar?.clear() }
            for index in 0..<image.frameCount {
                try Self.writeFile(image.image(at: index).pixels, to: (staging as NSString).appendingPathComponent(Self.frameName(index)))
                bar?.inc()
            }
            try Self.writeFile(Array(info), to: (staging as NSString).appendingPathComponent("info.json"))
            try swapIn(staging, as: path)
        } catch {
            removeTree(staging)
            throw Failure(message: "cannot write the frames to \(shown): \(error.message)\(replacing ? "; the earlier export is left as it was" : "")")
        }
    }

    /// Refuses up front when the file system cannot hold the export (each file rounded up to
    /// whole blocks, the earlier export kept until the new one is complete).
    private func checkSpace(in folder: String, info: Int, replacing: Bool) throws(Failure) {
        var fs = statvfs()
        // Unknown, or a file system with no blocks (/proc): let writing say what is wrong.
        guard statvfs(folder, &fs) == 0, fs.f_blocks > 0 else { return }
        let block = max(512, Int(fs.f_frsize))
        func blocks(_ bytes: Int) -> Int { (bytes + block - 1) / block * block }
        let needed = image.frameCount * blocks(image.width * image.height * 4) + blocks(info) + block
        let free = Int(fs.f_bavail) * block
        guard needed > free else { return }
        var message = "the \(image.frameCount) frames need \(MemoryBudget.mebibytes(needed)) MiB and \(folder.sanitizedForTerminal) has \(free >> 20) MiB free"
        if replacing { message += " (the earlier export stays until the new one is complete)" }
        throw Failure(message: message + "; choose another place")
    }

    /// Moves the complete export to `path`: into place when nothing is there (or an empty
    /// folder), else the earlier export is moved aside first and removed last.
    private func swapIn(_ staging: String, as path: String) throws(Failure) {
        if rename(staging, path) == 0 { return }  // new, or an empty folder replaced
        guard errno == ENOTEMPTY || errno == EEXIST else { throw Failure(message: String(cString: strerror(errno))) }
        let aside = staging + "-earlier"
        removeTree(aside)
        guard rename(path, aside) == 0 else { throw Failure(message: String(cString: strerror(errno))) }
        guard rename(staging, path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, path)  // put the earlier export back
            throw Failure(message: reason)
        }
        removeTree(aside)
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(message: "\(String(cString: strerror(errno)))") }
        let failure = Descriptor.writeAll(bytes, to: fd)
        let closed = close(fd)
        if let failure { throw Failure(message: String(cString: strerror(failure))) }
        if closed != 0 { throw Failure(message: String(cString: strerror(errno))) }
    }

    private static func reason(_ error: Error) -> String { fileProblem(error) }

    private func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension Error {
    fileprivate var message: String { (self as? FrameExport.Failure)?.message ?? "\(self)" }
}
