// durability-writer: saves selections into a photo library as fast as it can, printing
// "committed N" after each commit, until it is killed. Used by the durability test, which
// kills it with SIGKILL at random moments and checks the file.
//   durability-writer LIBRARY.sqlite START
import Foundation
import PickerSelection

let arguments = CommandLine.arguments
guard arguments.count == 3, let start = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: durability-writer LIBRARY.sqlite START\n".utf8))
    exit(64)
}
do {
    let library = try PhotoLibrary(path: arguments[1])
    try library.fillWithSampleIfEmpty()
    var n = start
    while true {
        try library.saveSelection(DurabilityPattern.selection(n))
        FileHandle.standardOutput.write(Data("committed \(n)\n".utf8))  // unbuffered
        n += 1
    }
} catch {
    FileHandle.standardError.write(Data("durability-writer: \(error)\n".utf8))
    exit(1)
}
