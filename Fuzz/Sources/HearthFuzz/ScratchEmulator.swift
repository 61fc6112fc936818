import Foundation
import HearthCore
import HearthServer
import Logging
import Synchronization

/// The emulator the REST and gRPC targets run against: one per process, over a temporary directory
/// with a small rules file, replaced by a fresh one every `inputsPerDirectory` inputs so the data
/// (documents, databases, projects the inputs invent) stays bounded.
final class ScratchEmulator: Sendable {
    /// The process's scratch emulator.
    static let shared = ScratchEmulator()
    /// Inputs run against one directory before it is deleted and a fresh one opened.
    static let inputsPerDirectory = 2_000

    /// The rules the scratch emulator enforces for non-admin callers: an open collection, per-user
    /// documents, and conditions reading data, claims and query limits.
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /open/{document=**} { allow read, write: if true; }
            match /users/{uid}/{document=**} {
              allow read, write: if request.auth != null && request.auth.uid == uid;
            }
            match /c/{id} {
              allow get: if resource == null || resource.data.get('n', 0) > 0 || request.auth.token.admin == true;
              allow list: if request.query.limit <= 10;
              allow create, update: if request.resource.data.keys().hasOnly(['n', 'm', 't', 'g', 'k', 'x', 'd', 'a']);
              allow delete: if exists(/databases/$(database)/documents/open/$(id));
            }
          }
        }
        """

    private struct State {
        var emulator: HearthEmulator?
        var endpoints: EmulatorEndpoints?
        var directory: String?
        var inputs = 0
    }

    private let state = Mutex(State())

    /// The endpoints for the next input (opening or replacing the emulator as needed), or nil when
    /// the scratch directory cannot be opened (reported once on stderr).
    func endpoints() -> EmulatorEndpoints? {
        state.withLock { state in
            state.inputs += 1
            if state.inputs > Self.inputsPerDirectory { Self.close(&state) }
            if let endpoints = state.endpoints { return endpoints }
            let directory = NSTemporaryDirectory() + "hearth-fuzz-" + UUID().uuidString
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let rulesFile = directory + "/firestore.rules"
                try Self.rules.write(toFile: rulesFile, atomically: true, encoding: .utf8)
                var configuration = ServerConfiguration(
                    port: 0, dataDirectory: directory + "/data", rulesFile: rulesFile, syncsEachCommit: false)
                configuration.requestRingSize = 16
                let emulator = try HearthEmulator(
                    configuration: configuration, logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
                state.emulator = emulator
                state.directory = directory
                state.endpoints = emulator.inProcessEndpoints()
                state.inputs = 1
                return state.endpoints
            } catch {
                FileHandle.standardError.write(Data("hearth-fuzz: cannot open a scratch emulator in \(directory): \(error)\n".utf8))
                try? FileManager.default.removeItem(atPath: directory)
                return nil
            }
        }
    }

    /// Closes the emulator and deletes its directory.
    private static func close(_ state: inout State) {
        state.emulator?.closeStorage()
        if let directory = state.directory { try? FileManager.default.removeItem(atPath: directory) }
        state = State()
    }

    /// Closes the current emulator and deletes its directory (at exit).
    func close() {
        state.withLock { Self.close(&$0) }
    }
}
