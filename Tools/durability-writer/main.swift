// durability-writer: saves selections into a photo library as fast as it can, printing
// "begin ID,ID,…" before each save and "done" after its commit, until it is killed. Used by
// the durability test, which kills it with SIGKILL at random moments and checks the file.
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
        let ids = (0..<(3 + n % 3)).map { (n * 7 + $0 * 13) % 150 + 1 }  // within the sample's 150
        FileHandle.standardOutput.write(Data("begin \(ids.map(String.init).joined(separator: ","))\n".utf8))  // unbuffered
        try library.saveSelection(ids)
        FileHandle.standardOutput.write(Data("done\n".utf8))
        n += 1
    }
} catch {
    FileHandle.standardError.write(Data("durability-writer: \(error)\n".utf8))
    exit(1)
}
