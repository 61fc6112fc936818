package import HearthCore

/// Imports a source's documents into a database through the engine's normal commit path, in
/// large batches (so indexes and listeners see them), streaming: one batch in memory at a time.
package struct Importer: Sendable {
    /// What happens to documents already in the database, and when writing starts.
    package enum Mode: Sendable, Equatable {
        /// Check the whole source first, then write (documents with the same name are replaced,
        /// others kept): nothing is written when the source is invalid.
        case checked
        /// Check the whole source, delete every document of the database, then write.
        case replace
        /// Write as the source is read; an error stops the import with earlier batches kept.
        case merge
    }

    /// The database written; nil writes each document into the database its source names
    /// (the project of an export's keys, `(default)` unless they name another).
    package var database: DatabaseID?
    /// See `Mode`.
    package var mode: Mode = .checked
    /// Skip (and count) invalid records instead of failing.
    package var skipInvalid = false
    /// Documents per commit.
    package var batchSize = 1_000
    /// Keep create and update times when the source has them (JSON Lines).
    package var keepTimes = true
    /// Threads reading the source at the same time in the check of a checked or replacing import.
    package var checkThreads = Importer.defaultCheckThreads
    /// The check does not divide the source into parts smaller than this.
    package var minimumCheckPartBytes = DocumentSource.minimumPartBytes

    /// An importer into `database` (nil: the databases the source names).
    package init(database: DatabaseID?) { self.database = database }

    /// Whether a database accepts BSON values (is Enterprise edition); set from the engine by `run`.
    private var allowsBSON: @Sendable (DatabaseID) -> Bool = { _ in false }

    /// What an import did.
    package struct Summary: Sendable, Equatable {
        /// Documents written.
        package var documents: Int64
        /// Records skipped as invalid.
        package var skipped: Int64
        /// Bytes of input read.
        package var bytes: Int64
        /// Places of damaged framing passed over (their records are lost).
        package var damaged: Int64 = 0
        /// Bytes dropped with them.
        package var damagedBytes: Int64 = 0
    }

    /// Imports the export at `path` into `engine`.
    /// - Throws: the first invalid record's error (file and offset) unless `skipInvalid`, which
    ///   also passes over damaged framing (a bad checksum or length drops the rest of its 32 KiB
    ///   block, as LevelDB's reader does); `CANCELLED` when the task is cancelled between batches.
    package func run(path: String, into engine: Engine, progress: ProgressHandler? = nil) async throws(FirestoreError) -> Summary {
        var importer = self
        importer.allowsBSON = { database in (try? engine.edition(of: database)) == .enterprise }
        return try await importer.checkAndWrite(path: path, into: engine, progress: progress)
    }

    private func checkAndWrite(path: String, into engine: Engine, progress: ProgressHandler?) async throws(FirestoreError) -> Summary {
        if mode != .merge {
            let targets = try await check(path: path, progress: progress)
            if mode == .replace {
                for target in targets.sorted() { _ = try await engine.clearDatabase(target) }
            }
        }
        return try await write(path: path, into: engine, progress: progress)
    }

    /// Reads the source once, checking every record and writing them (one batch committing
    /// while the next is read).
    private func write(path: String, into engine: Engine, progress: ProgressHandler?) async throws(FirestoreError) -> Summary {
        let pipeline = CommitPipeline()
        do {
            return try await read(path: path, engine: engine, pipeline: pipeline, progress: progress)
        } catch {
            // Whatever was submitted finishes before the error is reported (merge keeps it).
            try? await pipeline.drain()
            throw error
        }
    }

    private func read(
        path: String, engine: Engine, pipeline: CommitPipeline, progress: ProgressHandler?
    ) async throws(FirestoreError) -> Summary {
        let source = try DocumentSource(path: path, passingDamage: skipInvalid)
        var state = TransferProgress()
        state.totalBytes = source.totalBytes
        state.phase = "importing"
        var batch: [Write] = []
        batch.reserveCapacity(batchSize)
        var batchDatabase: DatabaseID?
        var reported = ContinuousClock.now
        while let item = try source.next() {
            switch try take(item) {
            case .skipped:
                state.skipped += 1
            case .damaged:
                state.damaged += 1
            case .write(let write, let target):
                state.documents += 1
                if let batchDatabase, batchDatabase != target, !batch.isEmpty {
                    try await pipeline.submit(batch, into: batchDatabase, engine: engine, done: state.documents - 1)
                    batch.removeAll(keepingCapacity: true)
                }
                batchDatabase = target
                batch.append(write)
                if batch.count >= batchSize {
                    try await pipeline.submit(batch, into: target, engine: engine, done: state.documents)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            state.bytes = source.bytesRead
            if let progress, ContinuousClock.now - reported > .milliseconds(200) {
                reported = ContinuousClock.now
                progress(state)
            }
        }
        if let batchDatabase, !batch.isEmpty {
            try await pipeline.submit(batch, into: batchDatabase, engine: engine, done: state.documents)
        }
        try await pipeline.drain()
        state.bytes = source.bytesRead
        state.damagedBytes = source.damagedBytes
        progress?(state)
        return Summary(
            documents: state.documents, skipped: state.skipped, bytes: state.bytes,
            damaged: state.damaged, damagedBytes: state.damagedBytes)
    }

    /// What one item of a source comes to.
    enum Taken {
        /// A checked write into a database.
        case write(Write, DatabaseID)
        /// An invalid record passed over (`skipInvalid`).
        case skipped
        /// Damaged framing passed over (`skipInvalid`).
        case damaged
    }

    /// Checks one item of a source and prepares its write.
    /// - Throws: the item's error unless `skipInvalid`.
    func take(_ item: DocumentSource.Item) throws(FirestoreError) -> Taken {
        switch item {
        case .invalid(let error):
            guard skipInvalid else { throw error }
            return .skipped
        case .damaged:
            return .damaged
        case .document(let record):
            do {
                let target = try self.target(of: record)
                return .write(try prepared(record, into: target), target)
            } catch {
                guard skipInvalid else { throw error }
                return .skipped
            }
        }
    }

    /// The database a record goes to.
    private func target(of record: ImportRecord) throws(FirestoreError) -> DatabaseID {
        if let database { return database }
        guard let named = record.sourceDatabase, !named.project.isEmpty else {
            throw TransferError.invalid(record.file, offset: record.offset, "the record names no project; pass --project.")
        }
        do {
            return try DatabaseID(project: named.project, database: named.database)
        } catch {
            throw TransferError.invalid(record.file, offset: record.offset, error.message)
        }
    }

    /// Checks a record's fields; the database's edition is asked only when the strict check fails
    /// (BSON values are accepted where it is Enterprise), so most records never ask it.
    private func validate(_ fields: [String: Value], in database: DatabaseID) throws(FirestoreError) {
        try Value.validateFields(fields) { () throws(FirestoreError) in allowsBSON(database) }
    }

    /// The write for a record: paths and values checked, references into the source's own
    /// database moved to the target database, times kept when asked.
    private func prepared(_ record: ImportRecord, into database: DatabaseID) throws(FirestoreError) -> Write {
        var fields = record.fields
        if let source = record.sourceDatabase, source != database {
            fields = fields.mapValues { ReferenceRemap.remap($0, from: source, to: database) }
        }
        do {
            try validate(fields, in: database)
            try DocumentSize.check(key: record.key, database: database, fields: fields)
        } catch {
            throw TransferError.invalid(record.file, offset: record.offset, "\(record.key): \(error.message)")
        }
        var write = Write.set(record.key, fields: fields)
        if keepTimes { write.preservedTimes = record.times }
        return write
    }
}
