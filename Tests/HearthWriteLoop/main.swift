// hearth-write-loop: crash-test drivers (a test helper, not a user command), killed with SIGKILL by
// the tests, which then reopen the data directory and check it.
//
// `hearth-write-loop --data DIR` commits forever, printing `committed N` once commit N is durable;
// CrashDurabilityTests checks that nothing acknowledged was lost and that no commit was torn.
//
// `hearth-write-loop --data DIR --backlog N` makes durable bulk commits whose index work is left
// pending (deferred, and the writer told to wait an hour before doing it): N documents `c/d<i>`
// with `n: 1, tags: [old]`, then the first half updated to `n: 2, tags: [new]`, the last quarter
// deleted, and `c/extra` with `n: 5, tags: [new]`. It prints `pending` and waits to be killed;
// DeferredIndexTests checks that opening the directory repairs the index.
import Foundation
import HearthCore

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: hearth-write-loop --data DIR [--backlog DOCUMENTS]\n"
guard arguments.count == 2 || arguments.count == 4, arguments[0] == "--data" else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let backlog: Int? = arguments.count == 4 ? Int(arguments[3]) : nil
if arguments.count == 4, arguments[2] != "--backlog" || backlog == nil {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

do {
    if let backlog {
        try await leaveIndexBacklog(documents: backlog, directory: arguments[1])
    } else {
        try await commitForever(directory: arguments[1])
    }
} catch {
    FileHandle.standardError.write(Data("hearth-write-loop: \(error)\n".utf8))
    exit(1)
}

/// Commits pairs of documents and a counter forever, acknowledging each durable commit.
func commitForever(directory: String) async throws {
    let engine = try Engine(directory: directory)
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
}

/// Makes the bulk commits described above with their index work pending, then waits to be killed.
func leaveIndexBacklog(documents: Int, directory: String) async throws {
    var options = EngineOptions(deferredIndexThreshold: 1, indexBacklogLimit: 10_000_000)
    options.indexIdleDelay = .seconds(3_600)
    options.indexDemandWindow = .seconds(3_600)
    let engine = try Engine(directory: directory, options: options)
    let db = try DatabaseID(project: "crash-test")
    let keys = try (0..<documents).map { try DocumentKey(validating: "c/d\($0)") }
    func tagged(_ n: Int64, _ tag: String) -> [String: Value] { ["n": .integer(n), "tags": .array([.string(tag)])] }
    _ = try await engine.commit(keys.map { .set($0, fields: tagged(1, "old")) }, in: db)
    _ = try await engine.commit(keys.prefix(documents / 2).map { .set($0, fields: tagged(2, "new")) }, in: db)
    _ = try await engine.commit(keys.suffix(documents / 4).map { .delete($0) }, in: db)
    _ = try await engine.commit([.set(try DocumentKey(validating: "c/extra"), fields: tagged(5, "new"))], in: db)
    FileHandle.standardOutput.write(Data("pending\n".utf8))
    while true { try await Task.sleep(nanoseconds: 1_000_000_000) }
}
