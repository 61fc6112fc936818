import Foundation
import LMDB
import Synchronization
import Testing

/// `EnvironmentOptions.mapGrowthHook`, the fault-injection point crash tests kill the process at.
@Suite("Map growth hook")
struct MapGrowthHookTests {
    @Test("each growth reports before-resize and after-resize, and the replayed commit after-commit, in order")
    func stagesInOrder() throws {
        try withTemporaryDirectory { directory throws in
            let seen = Mutex<[(MapGrowthStage, Int)]>([])
            var options = EnvironmentOptions(mapSize: MapGrowthTests.smallMap)
            options.mapGrowthHook = { stage, size in seen.withLock { $0.append((stage, size)) } }
            let environment = try Environment(path: directory.path, options: options)
            defer { environment.close() }
            let db = try environment.openDatabase("t")
            _ = try MapGrowthTests.writeBulk(environment, db, count: 10, tag: 1)  // fits: no growth
            #expect(seen.withLock { $0.isEmpty })
            let attempts = try MapGrowthTests.writeBulk(environment, db, count: 1_000, tag: 2)  // ~4 MiB: grows
            let stages = seen.withLock { $0 }
            let growths = attempts - 1
            #expect(growths >= 2)
            // before, after for every growth, then one after-commit.
            #expect(stages.map(\.0) == Array(repeating: [.beforeResize, .afterResize], count: growths).flatMap { $0 } + [.afterCommit])
            // Each resize doubles the size it was told about before; after-commit has the final size.
            for index in stride(from: 0, to: 2 * growths, by: 2) {
                #expect(stages[index + 1].1 == 2 * stages[index].1)
            }
            #expect(stages.first?.1 == MapGrowthTests.smallMap)
            #expect(stages.last?.1 == environment.mapSize)
        }
    }
}
