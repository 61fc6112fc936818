import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

/// The check before a checked import reads its source in parts at the same time: the parts hold
/// every record once, and the error reported is the one a single reader meets first.
@Suite struct ParallelCheckTests {
    let database = DatabaseID(uncheckedProject: "p", database: "(default)")

    private func line(_ path: String, _ fieldsJSON: String = #"{"n":{"integerValue":"1"}}"#) -> String {
        #"{"name":"projects/p/databases/(default)/documents/\#(path)","fields":\#(fieldsJSON)}"# + "\n"
    }

    /// Every line with its offset, read by readers of the given consecutive ranges.
    private func lines(of path: String, cutAt cuts: [Int64], size: Int64) throws -> [(Int64, [UInt8])] {
        let bounds = [0] + cuts + [size]
        var result: [(Int64, [UInt8])] = []
        for index in 0..<(bounds.count - 1) {
            let reader = try LineReader(path: path, range: bounds[index]..<bounds[index + 1])
            while let line = try reader.next() { result.append((reader.lineOffset, line)) }
        }
        return result
    }

    @Test func adjacentRangesReadEveryLineOnceWhereverTheyAreCut() throws {
        let temp = try TemporaryFolder()
        let path = temp.file("lines.txt")
        // Empty lines, a CRLF, a one-byte line, and a last line without a break.
        let text = "first\n\nx\nthird line\r\n\n\nlonger line number seven\nlast"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let size = Int64(text.utf8.count)
        let whole = try lines(of: path, cutAt: [], size: size)
        #expect(whole.count == 8)
        for cut in 0...size {
            let split = try lines(of: path, cutAt: [cut], size: size)
            #expect(split.map(\.0) == whole.map(\.0), "cut at \(cut)")
            #expect(split.map(\.1) == whole.map(\.1), "cut at \(cut)")
        }
        for first in stride(from: Int64(0), through: size, by: 3) {
            for second in stride(from: first, through: size, by: 5) {
                let split = try lines(of: path, cutAt: [first, second], size: size)
                #expect(split.map(\.0) == whole.map(\.0), "cuts at \(first), \(second)")
            }
        }
    }

    @Test func aJSONLinesFileIsDividedIntoPartsThatHoldEveryRecordInOrder() throws {
        let temp = try TemporaryFolder()
        let path = temp.file("in.jsonl")
        var text = ""
        for index in 0..<200 { text += line("c/\(index)", #"{"s":{"stringValue":"\#(String(repeating: "v", count: index % 37))"}}"#) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let parts = try DocumentSource.parts(of: path, count: 4, minimumBytes: 1)
        #expect(parts.count == 4)
        #expect(parts.reduce(0) { $0 + $1.bytes } == Int64(text.utf8.count))
        var keys: [String] = []
        var offsets: [Int64] = []
        for part in parts {
            let source = DocumentSource(part: part)
            while let item = try source.next() {
                guard case .document(let record) = item else {
                    Issue.record("unexpected \(item)")
                    continue
                }
                keys.append(record.key.path.canonicalString)
                offsets.append(record.offset)
            }
        }
        #expect(keys == (0..<200).map { "c/\($0)" })
        #expect(offsets == offsets.sorted())
        #expect(Set(offsets).count == 200)
        // Small files stay whole.
        #expect(try DocumentSource.parts(of: path, count: 4).count == 1)
    }

    @Test func anExportIsDividedIntoRunsOfWholeOutputFiles() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        var writes: [Write] = []
        for index in 0..<300 {
            writes.append(.set(try DocumentKey(validating: "c/\(index)"), fields: ["s": .string(String(repeating: "w", count: 1_000))]))
        }
        try await engine.commit(writes, in: database)
        var exporter = Exporter(database: database)
        exporter.maxOutputFileBytes = 8 << 10
        let out = temp.file("export")
        _ = try exporter.run(from: engine, to: out)
        guard case .firestore(let files) = try ExportLayout.detect(out) else {
            Issue.record("not detected as a Firestore export")
            return
        }
        #expect(files.count > 4)
        let parts = try DocumentSource.parts(of: out, count: 3, minimumBytes: 1)
        #expect(parts.count == 3)
        var keys: [String] = []
        for part in parts {
            let source = DocumentSource(part: part)
            while let item = try source.next() {
                if case .document(let record) = item { keys.append(record.key.path.canonicalString) }
            }
        }
        var whole: [String] = []
        let source = try DocumentSource(path: out)
        while let item = try source.next() {
            if case .document(let record) = item { whole.append(record.key.path.canonicalString) }
        }
        #expect(keys == whole)
        #expect(whole.count == 300)
    }

    /// An importer that checks in four parts however small the source.
    private func fourParts(_ mode: Importer.Mode = .checked) -> Importer {
        var importer = Importer(database: database)
        importer.mode = mode
        importer.checkThreads = 4
        importer.minimumCheckPartBytes = 1
        return importer
    }

    /// 400 lines with bad ones at the given line numbers; returns the file and each line's offset.
    private func source(in temp: TemporaryFolder, badAt bad: Set<Int>) throws -> (String, [Int]) {
        var text = ""
        var offsets: [Int] = []
        for index in 0..<400 {
            offsets.append(text.utf8.count)
            text += bad.contains(index) ? #"{"name":"c/\#(index)/sub","fields":{}}"# + "\n" : line("c/\(index)")
        }
        let path = temp.file("in-\(bad.sorted()).jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, offsets)
    }

    @Test(arguments: [[390], [20, 390], [150, 260], [399]])
    func theFirstBadRecordInTheSourceIsReportedAndNothingIsWritten(bad: [Int]) async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let (path, offsets) = try source(in: temp, badAt: Set(bad))
        await expectFailure(.invalidArgument, containing: "at byte \(offsets[bad[0]]):") {
            _ = try await fourParts().run(path: path, into: engine)
        }
        await expectFailure(.invalidArgument, containing: "at byte \(offsets[bad[0]]):") {
            _ = try await fourParts(.replace).run(path: path, into: engine)
        }
        #expect(try allDocuments(engine, database).isEmpty)
    }

    @Test func skippingCountsTheBadRecordsOfEveryPart() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let bad: Set<Int> = [3, 120, 250, 398]
        let (path, _) = try source(in: temp, badAt: bad)
        var importer = fourParts()
        importer.skipInvalid = true
        let reports = Reports()
        let summary = try await importer.run(path: path, into: engine) { reports.add($0) }
        #expect(summary.documents == 396)
        #expect(summary.skipped == 4)
        #expect(try allDocuments(engine, database).count == 396)
        let checked = reports.all.last { $0.phase == "checking" }
        #expect(checked?.documents == 396)
        #expect(checked?.skipped == 4)
        #expect(checked?.bytes == checked?.totalBytes)
    }

    @Test func aCancelledCheckWritesNothing() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let (path, _) = try source(in: temp, badAt: [])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fourParts().run(path: path, into: engine)
        }
        await expectFailure(.cancelled, containing: "nothing was written") { _ = try await task.value }
        #expect(try allDocuments(engine, database).isEmpty)
    }
}

/// Progress reports collected from any thread.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func add(_ report: TransferProgress) { lock.withLock { reports.append(report) } }

    var all: [TransferProgress] { lock.withLock { reports } }
}
