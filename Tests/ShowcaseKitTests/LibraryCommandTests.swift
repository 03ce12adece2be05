import SQLiteStore
import Testing

@testable import ShowcaseKit

struct LibraryCommandTests {
    @Test func aDamagedLibraryIsNotHelpedByTryingAgain() {
        let corrupt = SQLiteError(code: 11, message: "database disk image is malformed")
        let full = SQLiteError(code: 13, message: "database or disk is full")
        #expect(!LibraryCommand.retryHelps(.database(corrupt)), "a damaged library is not helped by trying again")
        #expect(LibraryCommand.retryHelps(.database(full)))
    }
}
