import Foundation
import Testing

@testable import ShowcaseKit

struct RunCommandTests {
    @Test func parsesOptionsAndTheCommand() throws {
        #expect(try ShowcaseCommand.parse(["run", "--", "make", "-j2"]) == .run(RunCommand(label: nil, style: nil, command: ["make", "-j2"])))
        #expect(
            try ShowcaseCommand.parse(["run", "--label", "Build", "--style", "tide", "--", "make"])
                == .run(RunCommand(label: "Build", style: "tide", command: ["make"]))
        )
        #expect(try ShowcaseCommand.parse(["run", "ls", "-l"]) == .run(RunCommand(label: nil, style: nil, command: ["ls", "-l"])))
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["run"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["run", "--"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["run", "--label"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["run", "--fast", "--", "x"]) }
        #expect(throws: UsageError.self) { try ShowcaseCommand.parse(["run", "--style", "nope", "--", "x"]) }
    }
}
