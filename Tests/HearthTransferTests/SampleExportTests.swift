import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

/// Reads every real export in `../shared/exports` and checks each document against the sample's
/// independently decoded `expected.jsonl` (paths, types and values); skipped when the folder is absent.
@Suite(.enabled(if: SampleExports.available, "../shared/exports is absent"))
struct SampleExportTests {
    static let samples = [
        ("abraham+daily-cat", "seed"),
        ("FirebaseExtended+ai-extensions-codelab", "firestore-export"),
        ("mikkopaderes+ember-cloud-firestore-adapter", "emulator-data"),
    ]

    @Test(arguments: samples)
    func everyDocumentMatchesTheSamplesExpectations(sample: String, folder: String) throws {
        let root = try #require(SampleExports.root).appendingPathComponent(sample)
        let expected = try expectedDocuments(root.appendingPathComponent("expected.jsonl"))
        let source = try DocumentSource(path: root.appendingPathComponent(folder).path)
        var read: [(String, [String: Value])] = []
        while let item = try source.next() {
            guard case .document(let record) = item else {
                Issue.record("invalid record: \(item)")
                continue
            }
            read.append((record.key.path.canonicalString, record.fields))
        }
        #expect(read.count == expected.count)
        for (index, (path, fields)) in read.enumerated() where index < expected.count {
            #expect(path == expected[index].path)
            #expect(fields.mapValues(\.normalisedReferences) == expected[index].fields, "\(path)")
        }
        #expect(source.bytesRead == source.totalBytes)
    }

    @Test(arguments: samples)
    func eachSampleImportsIntoAnEngine(sample: String, folder: String) async throws {
        let root = try #require(SampleExports.root).appendingPathComponent(sample)
        let expected = try expectedDocuments(root.appendingPathComponent("expected.jsonl"))
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let database = try DatabaseID(project: "imported")
        let summary = try await Importer(database: database).run(path: root.appendingPathComponent(folder).path, into: engine)
        #expect(summary.documents == Int64(expected.count))
        let stored = try allDocuments(engine, database)
        #expect(stored.count == Set(expected.map(\.path)).count)
        for document in expected {
            #expect(stored[document.path]?.fields == document.fields.mapValues(\.inTarget), "\(document.path)")
        }
    }

    @Test func anExportWrittenOnWindowsImportsLikeTheSameExportFromLinux() async throws {
        let sample = try #require(SampleExports.root).appendingPathComponent("abraham+daily-cat")
        let expected = try expectedDocuments(sample.appendingPathComponent("expected.jsonl"))
        let temp = try TemporaryFolder()
        let copy = URL(fileURLWithPath: temp.path).appendingPathComponent("seed")
        try FileManager.default.copyItem(at: sample.appendingPathComponent("seed"), to: copy)
        // The Emulator Suite on Windows names the kind metadata file with backslashes.
        let overall = copy.appendingPathComponent("firestore_export/firestore_export.overall_export_metadata").path
        let entries = try ExportMetadata.readOverall(overall).map { entry in
            var windows = entry
            windows.metadataPath = entry.metadataPath.replacingOccurrences(of: "/", with: "\\")
            return windows
        }
        #expect(entries.allSatisfy { $0.metadataPath.contains("\\") && !$0.metadataPath.contains("/") })
        try FileManager.default.removeItem(atPath: overall)
        try ExportMetadata.writeOverall(overall, entries: entries)
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let database = try DatabaseID(project: "imported")
        let summary = try await Importer(database: database).run(path: copy.path, into: engine)
        #expect(summary.documents == Int64(expected.count))
        let stored = try allDocuments(engine, database)
        for document in expected {
            #expect(stored[document.path]?.fields == document.fields.mapValues(\.inTarget), "\(document.path)")
        }
    }

    @Test func theOverallAndKindMetadataHearthWritesMatchGooglesBytes() throws {
        let root = try #require(SampleExports.root)
            .appendingPathComponent("mikkopaderes+ember-cloud-firestore-adapter/emulator-data/firestore_export")
        let overall = root.appendingPathComponent("firestore_export.overall_export_metadata").path
        let kind = root.appendingPathComponent("all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata").path
        let entries = try ExportMetadata.readOverall(overall)
        #expect(entries == [ExportMetadata.KindEntry(
            metadataPath: "all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata", documents: 19, bytes: 3671)])
        #expect(try ExportMetadata.readKind(kind) == ["output-0"])
        let temp = try TemporaryFolder()
        try ExportMetadata.writeOverall(temp.file("overall"), entries: entries)
        #expect(try Data(contentsOf: URL(fileURLWithPath: temp.file("overall"))) == Data(contentsOf: URL(fileURLWithPath: overall)))
        // The emulator's kind file: export name, start and end times (µs), one unnamed kind entry.
        let original = try Data(contentsOf: URL(fileURLWithPath: kind))
        var reader = WireReader([UInt8](original), origin: .init(file: kind, offset: 0))
        _ = try reader.nextTag()
        var header = try reader.message()
        var times: [Int64] = []
        while let tag = try header.nextTag() {
            if tag.type == .varint { times.append(Int64(bitPattern: try header.varint())) } else { try header.skip(tag.type, field: tag.field) }
        }
        try #require(times.count == 2)
        try ExportMetadata.writeKind(
            temp.file("kind"), exportName: "firestore_export",
            start: Timestamp(microseconds: times[0]), end: Timestamp(microseconds: times[1]), kind: nil, files: ["output-0"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: temp.file("kind"))) == original)
    }

    // MARK: - expected.jsonl

    struct Expected {
        var path: String
        var fields: [String: Value]
    }

    private func expectedDocuments(_ url: URL) throws -> [Expected] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            let fields = try #require(object["fields"] as? [String: Any])
            return Expected(path: path, fields: try fields.mapValues(value))
        }
    }

    /// A value in the samples' REST JSON (maps and arrays without the `fields`/`values` wrappers;
    /// timestamps with `micros`; references as document paths in the sample's own project).
    private func value(_ any: Any) throws -> Value {
        let object = try #require(any as? [String: Any])
        if object["nullValue"] != nil { return .null }
        if let flag = object["booleanValue"] as? Bool { return .boolean(flag) }
        if let text = object["integerValue"] as? String { return .integer(try #require(Int64(text))) }
        if let number = object["doubleValue"] as? NSNumber { return .double(number.doubleValue) }
        if let micros = object["micros"] as? NSNumber { return .timestamp(Timestamp(microseconds: micros.int64Value)) }
        if let text = object["stringValue"] as? String { return .string(text) }
        if let path = object["referenceValue"] as? String {
            return .reference(DocumentReferenceValue(
                database: DatabaseID(uncheckedProject: SampleProject.marker, database: "(default)"),
                key: try DocumentKey(validating: path)))
        }
        if let elements = object["arrayValue"] as? [Any] { return .array(try elements.map(value)) }
        if let fields = object["mapValue"] as? [String: Any] { return .map(try fields.mapValues(value)) }
        Issue.record("unknown expected value \(object)")
        return .null
    }
}

/// References in the samples are compared by path: both sides are normalised to one marker project.
enum SampleProject {
    static let marker = "sample"
}

extension Value {
    /// The value with references moved to the marker project (what the decoder's project is compared as).
    var normalisedReferences: Value {
        switch self {
        case .reference(let reference):
            return .reference(DocumentReferenceValue(
                database: DatabaseID(uncheckedProject: SampleProject.marker, database: reference.database.database), key: reference.key))
        case .array(let elements): return .array(elements.map(\.normalisedReferences))
        case .map(let fields): return .map(fields.mapValues(\.normalisedReferences))
        default: return self
        }
    }

    /// The expected value once imported into project `imported`.
    var inTarget: Value {
        switch self {
        case .reference(let reference):
            return .reference(DocumentReferenceValue(
                database: DatabaseID(uncheckedProject: "imported", database: reference.database.database), key: reference.key))
        case .array(let elements): return .array(elements.map(\.inTarget))
        case .map(let fields): return .map(fields.mapValues(\.inTarget))
        default: return self
        }
    }
}
