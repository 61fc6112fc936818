import Foundation
import HearthCore

/// `hearth write-loop --data DIR`: commits forever, printing `committed N` after each commit is
/// durable. The crash test kills it with SIGKILL and checks that nothing acknowledged was lost
/// and that no commit was torn.
enum WriteLoop {
    static func run(directory: String, limit: Int) async throws {
        let engine = try Engine(directory: directory)
        defer { engine.close() }
        let db = try DatabaseID(project: "crash-test")
        let counter = try DocumentKey(validating: "meta/counter")
        for index in 0..<limit {
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
}
