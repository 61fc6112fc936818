// hearth-write-loop --data DIR: a crash-test driver (a test helper, not a user command). It commits
// forever, printing `committed N` once commit N is durable; CrashDurabilityTests kills it with
// SIGKILL and checks that nothing acknowledged was lost and that no commit was torn.
import Foundation
import HearthCore

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, arguments[0] == "--data" else {
    FileHandle.standardError.write(Data("usage: hearth-write-loop --data DIR\n".utf8))
    exit(2)
}
do {
    let engine = try Engine(directory: arguments[1])
    defer { engine.close() }
    let db = try DatabaseID(project: "crash-test")
    let counter = try DocumentKey(validating: "meta/counter")
    for index in 0..<1_000_000 {
        let fields: [String: Value] = ["i": .integer(Int64(index)), "padding": .string(String(repeating: "x", count: 512))]
        _ = try await engine.commit(
            [
                .set(try DocumentKey(validating: "pairs/\(index)-a"), fields: fields),
                .set(try DocumentKey(validating: "pairs/\(index)-b"), fields: fields),
                .set(counter, fields: ["n": .integer(Int64(index))]),
            ], in: db)
        FileHandle.standardOutput.write(Data("committed \(index)\n".utf8))  // unbuffered: one write per line
    }
} catch {
    FileHandle.standardError.write(Data("hearth-write-loop: \(error)\n".utf8))
    exit(1)
}
