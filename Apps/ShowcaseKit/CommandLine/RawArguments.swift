import Foundation
import KitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line as the kernel gave it. A path is a string of bytes, not always valid
/// UTF-8; Swift strings are, so such a word would lose its bytes (and name no file). A word
/// that is not valid UTF-8 is therefore turned into a path that reaches the same file
/// through a descriptor: the part up to its last non-UTF-8 component is opened (read-only,
/// kept open) and named `/proc/self/fd/N`, the rest appended. Messages show the original,
/// its bad bytes as U+FFFD (``Alias``).
package struct RawArguments: Sendable {
    /// A path standing for a word that was not valid UTF-8, and how to show it.
    package struct Alias: Sendable {
        /// The path used in place of the word's bytes: `/proc/self/fd/N` and the rest.
        package let path: String
        /// The original, bad bytes shown as U+FFFD.
        package let shown: String
        /// `/proc/self/fd/N`, the part the descriptor stands for.
        let descriptor: String
        /// That part as the user wrote it (bad bytes as U+FFFD).
        let shownHead: String
        /// The word's own bytes.
        package let bytes: [UInt8]
    }

    /// The words, as strings.
    package let words: [String]
    /// The words that were not valid UTF-8, with the paths that stand for them.
    package let aliases: [Alias]
    /// The bytes of each word that was not valid UTF-8, by the string that stands for it
    /// (its alias's path, or the word with its bad bytes as U+FFFD when it names no file).
    private let originals: [String: [UInt8]]

    /// `CommandLine.unsafeArgv` after the program name.
    package static func fromProcess() -> RawArguments {
        RawArguments(ProcessArguments.bytes())
    }

    /// Decodes `raw` words (see the type's notes).
    package init(_ raw: [[UInt8]]) {
        var words: [String] = []
        var aliases: [Alias] = []
        var originals: [String: [UInt8]] = [:]
        for bytes in raw {
            if let text = String(validating: bytes, as: UTF8.self) {
                words.append(text)
            } else if let alias = Self.alias(for: bytes) {
                words.append(alias.path)
                aliases.append(alias)
                originals[alias.path] = bytes
            } else {
                let repaired = String(decoding: bytes, as: UTF8.self)
                words.append(repaired)
                if originals[repaired] == nil { originals[repaired] = bytes }
            }
        }
        self.words = words
        self.aliases = aliases
        self.originals = originals
    }

    /// The bytes the user gave for `word` (one of ``words``, or a string made from one): a
    /// word that was not valid UTF-8 gets its own bytes back, so a program that prints a
    /// chosen path (`showcase pick`) prints the path, not `/proc/self/fd/N`. Two such words
    /// that differ only in their bad bytes and name no file stand for the first of them.
    package func bytes(of word: String) -> [UInt8] {
        originals[word] ?? Array(word.utf8)
    }

    /// A descriptor path for `bytes`, or nil when no part of it can be opened.
    static func alias(for bytes: [UInt8]) -> Alias? {
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard let last = components.lastIndex(where: { String(validating: $0, as: UTF8.self) == nil }) else { return nil }
        let head = components[...last].joined(separator: [UInt8(ascii: "/")])
        let tail = components[(last + 1)...].map { String(decoding: $0, as: UTF8.self) }
        let fd = ProcessArguments.open(Array(head), flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        #if os(Linux)
        let descriptor = "/proc/self/fd/\(fd)"
        #else
        let descriptor = "/dev/fd/\(fd)"
        #endif
        return Alias(
            path: ([descriptor] + tail).joined(separator: "/"),
            shown: String(decoding: bytes, as: UTF8.self),
            descriptor: descriptor,
            shownHead: String(decoding: Array(head), as: UTF8.self),
            bytes: bytes
        )
    }

    /// Whether `path` is one made for a word that was not valid UTF-8.
    package static func isDescriptorPath(_ path: String) -> Bool {
        path.hasPrefix("/proc/self/fd/") || path.hasPrefix("/dev/fd/")
    }

    /// `text` with every alias written as the word it stands for.
    package func showing(_ text: String) -> String {
        var result = text
        for alias in aliases.sorted(by: { $0.descriptor.count > $1.descriptor.count }) {  // fd/30 before fd/3
            result = result.replacingOccurrences(of: alias.descriptor, with: alias.shownHead)
        }
        return result
    }
}
