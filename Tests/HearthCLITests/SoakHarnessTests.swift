import Foundation
import HearthTestSupport
import Testing

/// The reliability harness's short runs (what CI runs; the long ones are in specs/reliability.md):
/// `hearth serve` killed with SIGKILL 20 times under concurrent clients with nothing acknowledged
/// lost, no batch torn and `hearth verify` clean, and 6 times with kills inside map growth; a full
/// disk refused with RESOURCE_EXHAUSTED; and
/// 20 s of 16 concurrent clients with no unexpected error.
@Suite("Soak harness (short)", .serialized)
struct SoakHarnessTests {
    static var hearth: String? { RepositoryPaths.builtExecutable(named: "hearth") }
    static var soak: String? { RepositoryPaths.builtExecutable(named: "hearth-soak") }
    static var built: Bool { hearth != nil && soak != nil }

    /// Runs `hearth-soak` with `arguments`; returns its exit status and output.
    private func soak(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.soak))
        process.arguments = ["--hearth", try #require(Self.hearth)] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: built, "build the tests (make test does) to run the soak harness"))
    func twentyCrashCyclesLoseNothing() throws {
        let result = try soak(["--cycles", "20", "--clients", "4", "--epoch", "10", "--seed", "25"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("20 cycles (20 SIGKILLs"), "\(result.output)")
        #expect(result.output.contains(" 0 violations"), "\(result.output)")
    }

    @Test(.enabled(if: built, "build the tests (make test does) to run the soak harness"))
    func killsInsideMapGrowthLoseNothing() throws {
        // HEARTH_FAULT_KILL armed: the server kills itself at each stage of a map growth in turn.
        let result = try soak(["--cycles", "6", "--clients", "4", "--epoch", "3", "--seed", "7", "--kill-at", "map-growth"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(" 0 violations"), "\(result.output)")
        // Seed 7 arms four cycles (the other two are bulk-commit kills); each one's load outgrew
        // the map in the runs so far. Every stage must have been hit.
        for stage in ["before-resize", "after-resize", "after-commit"] {
            #expect(!result.output.contains("(0 \(stage)") && !result.output.contains(" 0 \(stage)"),
                "no kill at \(stage): \(result.output)")
        }
    }

    @Test(.enabled(if: built, "build the tests (make test does) to run the soak harness"))
    func theCheckSeesALostWrite() throws {
        // One acknowledged document deleted behind the ledger's back must fail the run.
        let scratch = NSTemporaryDirectory() + "hearth-soak-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try soak(["--cycles", "2", "--clients", "2", "--epoch", "10", "--seed", "3", "--inject-loss", "--scratch", scratch])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("VIOLATION after the kill of cycle"), "\(result.output)")
        #expect(result.output.contains("partial batch") || result.output.contains("is missing"), "\(result.output)")
    }

    @Test(.enabled(if: built, "build the tests (make test does) to run the soak harness"))
    func fullDiskIsRefusedAndRecovered() throws {
        let result = try soak(["--disk-full"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("skipped") || result.output.contains(": 0 violations"), "\(result.output)")
    }

    @Test(.enabled(if: built, "build the tests (make test does) to run the soak harness"))
    func shortLoadHasNoUnexpectedErrors() throws {
        let result = try soak(["--load", "20", "--clients", "16", "--seed", "25"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(" 0 unexpected errors; server alive"), "\(result.output)")
    }
}
