import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import Testing

/// `hearth export` and `hearth import`: parsing, and a round trip run in-process.
@Suite("hearth import and export")
struct TransferCommandTests {
    @Test func importRefusesMergeWithReplace() {
        #expect(throws: (any Error).self) { _ = try HearthCommand.parseAsRoot(["import", "--merge", "--replace", "x"]) }
        #expect(throws: (any Error).self) { _ = try HearthCommand.parseAsRoot(["import", "--database", "d", "x"]) }
    }

    @Test func exportParsesItsFlags() throws {
        let command = try #require(try HearthCommand.parseAsRoot([
            "export", "--data", NSTemporaryDirectory(), "--out", "o", "--project", "p", "--collection-ids", "a,b", "--format", "jsonl",
        ]) as? ExportCommand)
        #expect(command.collectionIds == "a,b")
        #expect(command.out == "o")
        #expect(throws: (any Error).self) {
            _ = try HearthCommand.parseAsRoot(["export", "--data", NSTemporaryDirectory(), "--out", "o", "--format", "csv"])
        }
    }

    @Test(arguments: ["firestore", "jsonl"])
    func exportThenImportThroughTheCommands(format: String) async throws {
        let root = NSTemporaryDirectory() + "hearth-cli-transfer-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try DatabaseID(project: "cli")
        do {
            let engine = try Engine(directory: root + "/source", options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
            defer { engine.close() }
            try await engine.commit([
                .set(try DocumentKey(validating: "a/1"), fields: ["n": 1, "s": "one"]),
                .set(try DocumentKey(validating: "a/1/b/2"), fields: ["m": ["x": true]]),
            ], in: database)
        }
        let out = root + "/out" + (format == "jsonl" ? ".jsonl" : "")
        let export = try #require(try HearthCommand.parseAsRoot(
            ["export", "--data", root + "/source", "--out", out, "--format", format]) as? ExportCommand)
        try await export.run()
        let importing = try #require(try HearthCommand.parseAsRoot(["import", "--data", root + "/target", out]) as? ImportCommand)
        try await importing.run()
        let engine = try Engine(directory: root + "/target", options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
        defer { engine.close() }
        #expect(try await engine.getDocument(try DocumentKey(validating: "a/1"), in: database)?.fields == ["n": 1, "s": "one"])
        #expect(try await engine.getDocument(try DocumentKey(validating: "a/1/b/2"), in: database)?.fields == ["m": ["x": true]])
    }

    @Test func exportRefusesADatabaseTheDirectoryDoesNotHold() async throws {
        let root = NSTemporaryDirectory() + "hearth-cli-missing-db-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
            defer { engine.close() }
            try await engine.commit([.set(try DocumentKey(validating: "a/1"), fields: ["n": 1])], in: try DatabaseID(project: "held"))
        }
        let export = try #require(try HearthCommand.parseAsRoot(
            ["export", "--data", root, "--out", root + "/out.jsonl", "--format", "jsonl", "--project", "typo"]) as? ExportCommand)
        await #expect {
            try await export.run()
        } throws: { error in
            let message = (error as? ValidationError)?.message ?? ""
            return message.contains("typo") && message.contains("held")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/out.jsonl"))
    }
}
