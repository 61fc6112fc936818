internal import Foundation
internal import LMDB
import Synchronization

extension Engine {
    /// Opens `directory` for a bulk load (`hearth import`, `serve --import`).
    ///
    /// Into a new directory (no data file yet) commits are not synced one by one: a marker file,
    /// durable before the data file is created, stays until `finishLoad()` (or `close()`) has
    /// synced everything, and a directory whose load a crash cut short refuses to open. A
    /// directory that holds data already is opened with `Durability.batch`, whose commits never
    /// risk what was there before.
    /// - Throws: as `init(directory:options:)`; `INTERNAL` when the marker cannot be written.
    package static func openForLoad(directory: String, options: EngineOptions = EngineOptions()) throws(FirestoreError) -> Engine {
        try UnfinishedLoadMarker.refuseIfPresent(directory: directory)
        var options = options
        guard !Environment.hasDataFile(in: directory) else {
            options.durability = .batch
            return try Engine(directory: directory, options: options, loadMarker: nil)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FirestoreError(.internal, "cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        let marker = UnfinishedLoadMarker(directory: directory)
        try marker.create()
        options.durability = .none
        options.indexesAfterLoad = true
        do {
            return try Engine(directory: directory, options: options, loadMarker: marker)
        } catch {
            try? marker.delete()
            throw error
        }
    }

    /// Ends a load: finishes queued commits and the index build, syncs everything to disk,
    /// removes the load's marker (if `openForLoad` wrote one) and closes the engine. Call it
    /// before reporting the load done.
    /// - Throws: the index build's error (e.g. no room for its sorted runs) or `INTERNAL` when the
    ///   sync or the marker's removal fails — the marker then stays, and the directory refuses to
    ///   open; `UNAVAILABLE` when the engine was closed already.
    package func finishLoad() throws(FirestoreError) {
        writer.close()
        defer { environment.close() }
        let marker = loadMarker.withLock { held in
            defer { held = nil }
            return held
        }
        try sync()
        if let failure = writer.indexBuildFailure.withLock({ $0 }) {
            throw FirestoreError(
                failure.code,
                "The documents were loaded, but their index could not be built: \(failure.message)"
                    + (marker.map { " The directory keeps its marker \($0.path) and will not open." } ?? ""))
        }
        try marker?.delete()
    }

    /// True when this engine loads into a directory that had no data file (`openForLoad`), until
    /// the load is finished or abandoned.
    package var loadsIntoNewDirectory: Bool { loadMarker.withLock { $0 != nil } }

    /// Gives up a load into a new directory: stops the writer without building the index, closes
    /// the engine and deletes the files the load created (the marker last), so the directory
    /// holds no data, as before the load. Does nothing more than `close()` for other loads.
    package func abandonLoad() {
        guard let marker = loadMarker.withLock({ held in defer { held = nil }; return held }) else {
            close()
            return
        }
        writer.skipLoadIndexBuild()
        writer.close()
        environment.close()
        for name in [Environment.dataFileName, Environment.lockFileName] {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
        try? marker.delete()
    }
}
