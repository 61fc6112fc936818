/// An event a trigger gave up on: delivered `attempts` times, failing each time (or stopped by the
/// loop guard). Kept with its documents, so it can be replayed after the commit log let go of them.
package struct DeadLetter: Sendable, Equatable {
    /// Which event of the commit log: its commit version and place in the commit.
    package struct ID: Sendable, Hashable {
        /// The commit version.
        package var version: Int64
        /// The change's index in its commit.
        package var index: Int

        /// Creates an id.
        package init(version: Int64, index: Int) {
            self.version = version
            self.index = index
        }
    }

    /// The trigger's name.
    package var trigger: String
    /// Which event.
    package var id: ID
    /// The database written.
    package var database: DatabaseID
    /// The document.
    package var key: DocumentKey
    /// The document before the change.
    package var before: Document?
    /// The document after the change.
    package var after: Document?
    /// The change's trigger depth.
    package var depth: UInt8
    /// Who committed the change.
    package var author: ChangeAuthor
    /// How many deliveries were tried.
    package var attempts: Int
    /// The last failure.
    package var error: String
    /// When it was given up on (engine clock, microseconds).
    package var failedAt: Int64

    /// Creates a dead letter for `change`.
    package init(trigger: String, change: LoggedChange, attempts: Int, error: String, failedAt: Int64) {
        self.trigger = trigger
        self.id = ID(version: change.version, index: change.index)
        self.database = change.database
        self.key = change.key
        self.before = change.before
        self.after = change.after
        self.depth = change.depth
        self.author = change.author
        self.attempts = attempts
        self.error = error
        self.failedAt = failedAt
    }

    /// The change it holds, to deliver again.
    package var change: LoggedChange {
        LoggedChange(
            version: id.version, index: id.index, database: database, key: key, before: before, after: after, depth: depth,
            author: author)
    }

    /// The stored form: strings and documents length-prefixed (`DocumentRecord` encoding; empty = missing).
    func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.append(depth)
        ByteWriter.writeVarint(UInt64(attempts), into: &bytes)
        ByteWriter.writeUInt64BigEndian(UInt64(bitPattern: failedAt), into: &bytes)
        for text in [database.project, database.database, key.path.canonicalString, error, author.type, author.id ?? ""] {
            ByteWriter.writeString(text, into: &bytes)
        }
        for document in [before, after] {
            let record = document.map {
                DocumentRecord(contents: DocumentRecord.Contents(
                    fields: $0.fields, createTime: $0.createTime.microseconds, updateTime: $0.updateTime.microseconds),
                    fullID: nil).encoded()
            } ?? []
            ByteWriter.writeLength(record.count, into: &bytes)
            ByteWriter.writeBytes(record, into: &bytes)
        }
        return bytes
    }

    /// Reads a stored dead letter of `trigger` with `id`.
    static func decode(_ raw: UnsafeRawBufferPointer, trigger: String, id: ID) throws(FirestoreError) -> DeadLetter {
        var reader = ByteReader(raw)
        let depth = try reader.readByte()
        let attempts = Int(try reader.readVarint())
        let failedAt = Int64(bitPattern: try reader.readUInt64BigEndian())
        let project = try reader.readString()
        let databaseName = try reader.readString()
        let path = try reader.readString()
        let error = try reader.readString()
        let authorType = try reader.readString()
        let authorID = try reader.readString()
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count % 2 == 0, !segments.isEmpty else { throw ByteReader.corrupt("dead letter path") }
        let key = DocumentKey(unchecked: ResourcePath(uncheckedSegments: segments))
        var documents: [Document?] = []
        for _ in 0..<2 {
            let length = try reader.readLength(minimumElementSize: 1)
            guard length > 0 else {
                documents.append(nil)
                continue
            }
            let record = try DocumentRecord.decode(try reader.readRawBytes(count: length))
            documents.append(record.document(key: key))
        }
        try reader.expectEnd()
        var letter = DeadLetter(
            trigger: trigger,
            change: LoggedChange(
                version: id.version, index: id.index, database: DatabaseID(uncheckedProject: project, database: databaseName),
                key: key, before: documents[0], after: documents[1], depth: depth,
                author: ChangeAuthor(type: authorType, id: authorID.isEmpty ? nil : authorID)),
            attempts: attempts, error: error, failedAt: failedAt)
        letter.id = id
        return letter
    }
}
