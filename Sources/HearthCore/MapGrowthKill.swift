#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import Foundation
internal import LMDB
import Synchronization

/// A crash-test hook: the process kills itself with SIGKILL the N-th time it reaches a chosen stage
/// of LMDB map growth, so a crash lands exactly inside the growth instead of only near it.
/// `hearth serve` arms it only when `HEARTH_FAULT_KILL` is set (`map-growth[:STAGE][:N]`); never on
/// by default, and unarmed it costs nothing (the engine installs no hook).
package struct MapGrowthKill: Sendable, Equatable, CustomStringConvertible {
    /// Where in a growth the kill lands.
    package enum Stage: String, Sendable, CaseIterable {
        /// The commit group hit the end of the map and was aborted; the map is not enlarged yet.
        case beforeResize = "before-resize"
        /// The map was enlarged in memory (the file does not record it yet); the aborted group is
        /// about to be replayed.
        case afterResize = "after-resize"
        /// The replayed group committed at the new size (durable, recorded), before any of its
        /// writers was told: its commits are in doubt for the clients.
        case afterCommit = "after-commit"
    }

    /// The environment variable `hearth serve` reads.
    package static let environmentVariable = "HEARTH_FAULT_KILL"

    /// The stage to kill at.
    package let stage: Stage
    /// Which arrival of the process at `stage` (1 = the first) to kill at.
    package let occurrence: Int

    /// Kills at `stage` of growth number `occurrence` (counted from 1).
    package init(stage: Stage, occurrence: Int = 1) {
        self.stage = stage
        self.occurrence = max(occurrence, 1)
    }

    /// Parses `map-growth[:STAGE][:N]` (STAGE defaults to before-resize, N to 1).
    /// - Throws: `INVALID_ARGUMENT` naming the accepted forms.
    package init(parsing text: String) throws(FirestoreError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let usage = "expected map-growth[:STAGE][:N] with STAGE one of "
            + Stage.allCases.map(\.rawValue).joined(separator: ", ") + " and N >= 1 (kill the N-th time STAGE is reached)"
        guard parts.first == "map-growth", parts.count <= 3 else {
            throw FirestoreError(.invalidArgument, "\(Self.environmentVariable)=\(text): \(usage).")
        }
        var stage = Stage.beforeResize
        var occurrence = 1
        for part in parts.dropFirst() {
            if let parsed = Stage(rawValue: part) {
                stage = parsed
            } else if let count = Int(part), count >= 1 {
                occurrence = count
            } else {
                throw FirestoreError(.invalidArgument, "\(Self.environmentVariable)=\(text): \(usage).")
            }
        }
        self.init(stage: stage, occurrence: occurrence)
    }

    /// The text form, as `init(parsing:)` reads it.
    package var description: String { "map-growth:\(stage.rawValue):\(occurrence)" }

    /// The LMDB hook that counts the process's arrivals at the chosen stage and kills it at the
    /// `occurrence`-th (LMDB's stage names are the same as `Stage`'s).
    func hook() -> @Sendable (MapGrowthStage, Int) -> Void {
        let arrivals = ArrivalCounter()
        let wanted = self
        return { stage, mapSize in
            guard stage.rawValue == wanted.stage.rawValue else { return }
            let arrival = arrivals.next()
            guard arrival == wanted.occurrence else { return }
            let line = "hearth: \(Self.environmentVariable)=\(wanted): SIGKILL at \(stage.rawValue) of a map growth "
                + "(arrival \(arrival), map \(mapSize) bytes)\n"
            FileHandle.standardError.write(Data(line.utf8))
            _ = kill(getpid(), SIGKILL)
        }
    }
}

/// Counts arrivals at a stage (shared by the hook's calls).
private final class ArrivalCounter: Sendable {
    private let count = Atomic<Int>(0)
    /// The number of this arrival, from 1.
    func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
}
