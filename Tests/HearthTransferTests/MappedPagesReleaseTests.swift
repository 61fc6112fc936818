import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

#if os(Linux)
/// Export and import release the data file's pages as they go: after walking 48 MiB of documents,
/// the pages still mapped are those of the last stretch, not every page passed.
@Suite struct MappedPagesReleaseTests {
    /// 480 documents of ~100 KB (48 MiB of records).
    private static let documents = 480

    private func fill(_ engine: Engine, _ database: DatabaseID) async throws {
        let text = String(repeating: "x", count: 100_000)
        for start in stride(from: 0, to: Self.documents, by: 40) {
            try await engine.commit(try (start..<start + 40).map { index in
                .set(try DocumentKey(validating: "big/d\(index)"), fields: ["text": .string(text), "n": .integer(Int64(index))])
            }, in: database)
        }
    }

    @Test func anExportKeepsOnlyItsLastStretchOfTheFileMapped() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let database = try DatabaseID(project: "demo")
        try await fill(engine, database)
        engine.releaseMappedPages()
        let exported = try Exporter(database: database).run(from: engine, to: temp.file("out"))
        #expect(exported.documents == Int64(Self.documents))
        let resident = try #require(engine.mappedResidentBytes)
        // Without the release every record page read stays mapped: at least the 48 MiB walked.
        #expect(resident < 40 << 20, "\(resident >> 20) MiB of the file still mapped after the export")
    }

    @Test func anImportReleasesThePagesItsBatchesRead() async throws {
        let temp = try TemporaryFolder()
        let source = try makeEngine(in: temp, name: "source")
        defer { source.close() }
        let database = try DatabaseID(project: "demo")
        try await fill(source, database)
        var exporter = Exporter(database: database)
        exporter.format = .jsonl
        _ = try exporter.run(from: source, to: temp.file("out.jsonl"))
        let target = try makeEngine(in: temp, name: "target")
        defer { target.close() }
        let summary = try await Importer(database: database).run(path: temp.file("out.jsonl"), into: target)
        #expect(summary.documents == Int64(Self.documents))
        // Merged over the documents just imported: each write reads the stored document it replaces.
        target.releaseMappedPages()
        var merge = Importer(database: database)
        merge.mode = .merge
        #expect(try await merge.run(path: temp.file("out.jsonl"), into: target).documents == Int64(Self.documents))
        let resident = try #require(target.mappedResidentBytes)
        #expect(resident < 24 << 20, "\(resident >> 20) MiB of the file still mapped after the import")
        // Every document arrived whole.
        #expect(try allDocuments(target, database).values.allSatisfy { $0.fields["text"] == .string(String(repeating: "x", count: 100_000)) })
    }
}
#endif
