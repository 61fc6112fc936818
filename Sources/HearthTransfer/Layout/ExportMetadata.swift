import Foundation
package import HearthCore

/// The metadata files of a Firestore export folder: the overall file (log-framed) listing one
/// metadata file per kind folder, and each kind's file (a bare message) listing its output files.
package enum ExportMetadata {
    /// The first record of an overall metadata file, as Google's tools write it (one byte, `3`).
    static let overallHeaderRecord: [UInt8] = [0x33]

    /// One entry of the overall file: a kind folder's metadata file and its counts.
    package struct KindEntry: Sendable, Equatable {
        /// The metadata file, relative to the export folder.
        package var metadataPath: String
        /// Documents in that kind's output files.
        package var documents: Int64
        /// Bytes in its output files.
        package var bytes: Int64

        /// Creates an entry.
        package init(metadataPath: String, documents: Int64, bytes: Int64) {
            self.metadataPath = metadataPath
            self.documents = documents
            self.bytes = bytes
        }
    }

    /// Reads the overall metadata file at `path`.
    /// - Throws: `DATA_LOSS` naming the file when it is damaged.
    package static func readOverall(_ path: String) throws(FirestoreError) -> [KindEntry] {
        let reader = try LogReader(path: path)
        var entries: [KindEntry] = []
        while let record = try reader.next() {
            guard record != overallHeaderRecord else { continue }
            var message = WireReader(record, origin: .init(file: path, offset: reader.recordOffset))
            while let tag = try message.nextTag() {
                guard tag.field == 1, tag.type == .lengthDelimited else {
                    try message.skip(tag.type, field: tag.field)
                    continue
                }
                var entry = try message.message()
                var kind = KindEntry(metadataPath: "", documents: 0, bytes: 0)
                while let field = try entry.nextTag() {
                    switch (field.field, field.type) {
                    case (2, .lengthDelimited): kind.metadataPath = try entry.string()
                    case (3, .varint): kind.documents = Int64(bitPattern: try entry.varint())
                    case (4, .varint): kind.bytes = Int64(bitPattern: try entry.varint())
                    default: try entry.skip(field.type, field: field.field)
                    }
                }
                guard !kind.metadataPath.isEmpty else { throw message.damaged("an overall metadata entry without a path") }
                entries.append(kind)
            }
        }
        return entries
    }

    /// Writes an overall metadata file listing `entries`.
    package static func writeOverall(_ path: String, entries: [KindEntry]) throws(FirestoreError) {
        let writer = try LogWriter(path: path)
        try writer.append(overallHeaderRecord)
        var message = WireWriter()
        for entry in entries {
            message.messageField(1) { kind in
                // Field 1 holds two small numbers every export seen carries (2 and 3).
                kind.messageField(1) { version in
                    version.varintField(1, 2)
                    version.varintField(3, 3)
                }
                kind.stringField(2, entry.metadataPath)
                kind.varintField(3, UInt64(bitPattern: entry.documents))
                kind.varintField(4, UInt64(bitPattern: entry.bytes))
            }
        }
        try writer.append(message.bytes)
        try writer.finish()
    }

    /// The output file names a kind metadata file lists, in order.
    package static func readKind(_ path: String) throws(FirestoreError) -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TransferError.at(path, offset: nil, .notFound, "cannot read the metadata file.")
        }
        var message = WireReader([UInt8](data), origin: .init(file: path, offset: 0))
        var files: [String] = []
        while let tag = try message.nextTag() {
            guard tag.field == 2, tag.type == .lengthDelimited else {
                try message.skip(tag.type, field: tag.field)
                continue
            }
            var entry = try message.message()
            while let field = try entry.nextTag() {
                if field.field == 2, field.type == .lengthDelimited {
                    files.append(try entry.string())
                } else {
                    try entry.skip(field.type, field: field.field)
                }
            }
        }
        return files
    }

    /// Writes a kind metadata file: the export's name and times, then one entry per output file.
    package static func writeKind(
        _ path: String, exportName: String, start: Timestamp, end: Timestamp, kind: String?, files: [String]
    ) throws(FirestoreError) {
        var message = WireWriter()
        message.messageField(1) { header in
            header.stringField(1, exportName)
            header.varintField(2, UInt64(bitPattern: start.microseconds))
            header.varintField(3, UInt64(bitPattern: end.microseconds))
        }
        for file in files {
            message.messageField(2) { entry in
                entry.stringField(1, kind ?? "")
                entry.stringField(2, file)
                if let kind { entry.messageField(3) { filter in filter.stringField(1, kind) } }
            }
        }
        do {
            try Data(message.bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw TransferError.io(path, error)
        }
    }
}
