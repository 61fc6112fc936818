import FirestoreWire
import Foundation
import HearthCore
import Testing
@testable import HearthServer

/// Every transition of the Listen target protocol, driven through `ListenStateMachine` alone: the
/// exact responses and engine work each event leads to. Versions are microseconds; the driver's
/// clock stands at 1000 s with the newest commit at 990 s and resume points usable from 960 s.
@Suite("ListenStateMachine")
struct ListenStateMachineTests {
    // MARK: Adding targets

    @Test("a documents target: ADD and its listeners, then each initial state, CURRENT once all are in, and the marker")
    func documentsTarget() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.documentsTarget(7, ["rooms/a", "rooms/b", "rooms/a"])) == ["ADD [7]", "listen 7 [rooms/a, rooms/b]"])
        let a = try driver.document("rooms/a", updated: 900_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 980_000_000))
            == ["change rooms/a updated 900000000 [7]"])
        // A missing document's initial state sends nothing of its own, but completes the target.
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/b"), document: nil, version: 980_000_000))
            == ["CURRENT [7] @980000000", "NO_CHANGE [] @980000000"])
        #expect(driver.machine.keepsListeners(of: 7))
    }

    @Test("a documents target's listeners are asked for in the stream's database")
    func documentsTargetDatabase() throws {
        var driver = try ListenMachineDriver()
        var request = Google_Firestore_V1_ListenRequest()
        request.database = driver.database.resourceName
        request.addTarget = driver.documentsTarget(7, ["rooms/a"])
        let actions = driver.actions(.request(request, ListenMachineDriver.moment))
        #expect(actions == [
            .send(ListenMessages.targetChange(.add, targets: [7])),
            .listenToDocuments(target: 7, keys: [try driver.key("rooms/a")], in: driver.database),
        ])
    }

    @Test("a documents target with no documents is current at the newest commit at once, with no listener")
    func emptyDocumentsTarget() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.documentsTarget(7, [])) == ["ADD [7]", "CURRENT [7] @990000000", "NO_CHANGE [] @990000000"])
    }

    @Test("a query target: ADD and its listener, then the first snapshot's documents, CURRENT and the marker")
    func queryTarget() throws {
        var driver = try ListenMachineDriver()
        var request = Google_Firestore_V1_ListenRequest()
        request.database = driver.database.resourceName
        request.addTarget = driver.queryTarget(9, "rooms")
        #expect(driver.actions(.request(request, ListenMachineDriver.moment)) == [
            .send(ListenMessages.targetChange(.add, targets: [9])),
            .listenToQuery(target: 9, query: StructuredQuery(collectionID: "rooms"), in: driver.database, resumingAfter: nil),
        ])
        let a = try driver.document("rooms/a", updated: 900_000_000)
        let b = try driver.document("rooms/b", updated: 950_000_000)
        #expect(driver.feed(.queryChanged(target: 9, changes: [.present(a), .present(b)], version: 980_000_000)) == [
            "change rooms/a updated 900000000 [9]", "change rooms/b updated 950000000 [9]",
            "CURRENT [9] @980000000", "NO_CHANGE [] @980000000",
        ])
    }

    @Test("a query target with no results is current with its first snapshot")
    func emptyQueryTarget() throws {
        var driver = try ListenMachineDriver()
        _ = driver.add(driver.queryTarget(9, "rooms"))
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 985_000_000))
            == ["CURRENT [9] @985000000", "NO_CHANGE [] @985000000"])
    }

    @Test("targets sent with id 0 get ids from 1000000 on, skipping ids in use")
    func assignedIDs() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.documentsTarget(1_000_000, [])).first == "ADD [1000000]")
        #expect(driver.add(driver.queryTarget(0, "rooms")) == ["ADD [1000001]", "listen 1000001 query rooms"])
        #expect(driver.add(driver.queryTarget(0, "rooms")) == ["ADD [1000002]", "listen 1000002 query rooms"])
    }

    @Test("a once target leaves by itself after its first consistent point")
    func onceTarget() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.documentsTarget(7, ["rooms/a"], once: true)) == ["ADD [7]", "listen 7 [rooms/a]"])
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 980_000_000))
            == ["CURRENT [7] @980000000", "NO_CHANGE [] @980000000", "REMOVE [7]", "stop 7"])
        #expect(!driver.machine.keepsListeners(of: 7))
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000)).isEmpty)
    }

    // MARK: Changes after CURRENT and the global marker

    @Test("a commit's changes go out at once; its marker waits until the lane settles at that commit")
    func markerWaitsForLane() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        let a = try driver.document("rooms/a", updated: 985_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 985_000_000))
            == ["change rooms/a updated 985000000 [7]"])
        #expect(driver.feed(.laneSettled(version: 984_000_000)).isEmpty)
        #expect(driver.feed(.laneSettled(version: 985_000_000)) == ["NO_CHANGE [] @985000000"])
        #expect(driver.feed(.laneSettled(version: 986_000_000)).isEmpty)
    }

    @Test("a document deleted after CURRENT is a delete at the commit's version")
    func documentDeleted() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000))
            == ["delete rooms/a @985000000 [7]"])
    }

    @Test("query changes after CURRENT: documents that left are removes, the others changes, in order")
    func queryChanges() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(query: 9, at: 980_000_000)
        let c = try driver.document("rooms/c", updated: 985_000_000)
        #expect(driver.feed(.queryChanged(target: 9, changes: [.left(try driver.key("rooms/a")), .present(c)], version: 985_000_000))
            == ["remove rooms/a @985000000 [9]", "change rooms/c updated 985000000 [9]"])
        #expect(driver.feed(.laneSettled(version: 985_000_000)) == ["NO_CHANGE [] @985000000"])
    }

    @Test("a commit reaching several targets gives all their changes, then exactly one marker")
    func oneMarkerAcrossTargets() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        try driver.makeCurrent(query: 9, at: 981_000_000)
        let a = try driver.document("rooms/a", updated: 985_000_000)
        let b = try driver.document("rooms/b", updated: 985_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 985_000_000))
            == ["change rooms/a updated 985000000 [7]"])
        #expect(driver.feed(.queryChanged(target: 9, changes: [.present(b)], version: 985_000_000))
            == ["change rooms/b updated 985000000 [9]"])
        #expect(driver.feed(.laneSettled(version: 985_000_000)) == ["NO_CHANGE [] @985000000"])
        #expect(driver.feed(.laneSettled(version: 985_000_000)).isEmpty)
    }

    @Test("no marker while a target is not yet current; it then covers the changes sent meanwhile")
    func markerWaitsForEveryTarget() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        #expect(driver.add(driver.queryTarget(9, "rooms")) == ["ADD [9]", "listen 9 query rooms"])
        let a = try driver.document("rooms/a", updated: 987_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 987_000_000))
            == ["change rooms/a updated 987000000 [7]"])
        #expect(driver.feed(.laneSettled(version: 987_000_000)).isEmpty)
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 986_000_000))
            == ["CURRENT [9] @986000000", "NO_CHANGE [] @987000000"])
    }

    @Test("the marker's read time never goes back, even when a new target is current at an older version")
    func markerNeverDecreases() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 985_000_000)
        _ = driver.add(driver.queryTarget(9, "rooms"))
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 970_000_000))
            == ["CURRENT [9] @970000000", "NO_CHANGE [] @985000000"])
    }

    // MARK: Resuming

    @Test("a documents target resumed within retention reads its resume point and sends only what changed")
    func resumeDocuments() throws {
        var driver = try ListenMachineDriver()
        let token = ResumeToken.encode(970_000_000)
        #expect(driver.add(driver.documentsTarget(7, ["rooms/a", "rooms/b", "rooms/c"], resumeToken: token))
            == ["ADD [7]", "read 7 [rooms/a, rooms/b, rooms/c] @970000000"])
        let then = [try driver.key("rooms/a"): Timestamp(microseconds: 900_000_000), try driver.key("rooms/b"): Timestamp(microseconds: 950_000_000)]
        #expect(driver.feed(.documentsRead(target: 7, updateTimes: then, latestVersion: 990_000_000))
            == ["listen 7 [rooms/a, rooms/b, rooms/c]"])
        let a = try driver.document("rooms/a", updated: 900_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 990_000_000)).isEmpty)
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/b"), document: nil, version: 990_000_000))
            == ["delete rooms/b @990000000 [7]"])
        let c = try driver.document("rooms/c", updated: 975_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: c.key, document: c, version: 990_000_000))
            == ["change rooms/c updated 975000000 [7]", "CURRENT [7] @990000000", "NO_CHANGE [] @990000000"])
    }

    @Test("a documents target whose resume token is too old is RESET, then sent in full")
    func resumeDocumentsTooOld() throws {
        var driver = try ListenMachineDriver()
        // Inside the engine's 100 s but not its 60 s margin: out of reach.
        let token = ResumeToken.encode(950_000_000)
        #expect(driver.add(driver.documentsTarget(7, ["rooms/a"], resumeToken: token)) == ["ADD [7]", "RESET [7]", "listen 7 [rooms/a]"])
        let a = try driver.document("rooms/a", updated: 900_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 980_000_000))
            == ["change rooms/a updated 900000000 [7]", "CURRENT [7] @980000000", "NO_CHANGE [] @980000000"])
    }

    @Test("a resume point that could not be read is RESET, then the documents are sent in full")
    func resumeReadFailed() throws {
        var driver = try ListenMachineDriver()
        let token = ResumeToken.encode(970_000_000)
        _ = driver.add(driver.documentsTarget(7, ["rooms/a"], resumeToken: token))
        #expect(driver.feed(.documentsRead(target: 7, updateTimes: nil, latestVersion: 990_000_000)) == ["RESET [7]", "listen 7 [rooms/a]"])
        let a = try driver.document("rooms/a", updated: 900_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 980_000_000))
            == ["change rooms/a updated 900000000 [7]", "CURRENT [7] @980000000", "NO_CHANGE [] @980000000"])
    }

    @Test("a resumed documents target with no documents is current at the newest commit once read")
    func resumeEmptyDocuments() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.documentsTarget(7, [], resumeToken: ResumeToken.encode(970_000_000)))
            == ["ADD [7]", "read 7 [] @970000000"])
        #expect(driver.feed(.documentsRead(target: 7, updateTimes: [:], latestVersion: 991_000_000))
            == ["CURRENT [7] @991000000", "NO_CHANGE [] @991000000"])
    }

    @Test("a resume read that arrives after its target was removed starts nothing")
    func resumeReadForRemovedTarget() throws {
        var driver = try ListenMachineDriver()
        _ = driver.add(driver.documentsTarget(7, ["rooms/a"], resumeToken: ResumeToken.encode(970_000_000)))
        #expect(driver.remove(7) == ["REMOVE [7]"])
        #expect(driver.feed(.documentsRead(target: 7, updateTimes: [:], latestVersion: 990_000_000)).isEmpty)
    }

    @Test(
        "resume tokens are judged against the retention margin and the newest commit",
        arguments: [
            (Optional(ResumeToken.encode(960_000_000)), "read 7 [rooms/a] @960000000"),
            (Optional(ResumeToken.encode(959_999_999)), "RESET [7]"),
            (Optional(ResumeToken.encode(990_000_000)), "read 7 [rooms/a] @990000000"),
            (Optional(ResumeToken.encode(990_000_001)), "RESET [7]"),
            (Optional(ResumeToken.encode(0)), "RESET [7]"),
            (Optional(Data("not-ours".utf8)), "RESET [7]"),
            (Optional(Data()), "listen 7 [rooms/a]"),
            (nil, "listen 7 [rooms/a]"),
        ])
    func resumeBounds(token: Data?, second: String) throws {
        var driver = try ListenMachineDriver()
        let lines = driver.add(driver.documentsTarget(7, ["rooms/a"], resumeToken: token))
        #expect(lines.first == "ADD [7]")
        #expect(lines.dropFirst().first == second)
    }

    @Test("a read time within retention resumes like a token")
    func resumeByReadTime() throws {
        var driver = try ListenMachineDriver()
        var target = driver.documentsTarget(7, ["rooms/a"])
        target.readTime = Timestamp(microseconds: 970_000_000).proto
        #expect(driver.add(target) == ["ADD [7]", "read 7 [rooms/a] @970000000"])
        var old = driver.documentsTarget(8, ["rooms/a"])
        old.readTime = Timestamp(microseconds: 900_000_000).proto
        #expect(driver.add(old) == ["ADD [8]", "RESET [8]", "listen 8 [rooms/a]"])
    }

    @Test("a query target resumed within retention listens from its resume point, without RESET")
    func resumeQuery() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.queryTarget(9, "rooms", resumeToken: ResumeToken.encode(970_000_000)))
            == ["ADD [9]", "listen 9 query rooms after 970000000"])
        let c = try driver.document("rooms/c", updated: 975_000_000)
        #expect(driver.feed(.queryChanged(target: 9, changes: [.left(try driver.key("rooms/a")), .present(c)], version: 990_000_000)) == [
            "remove rooms/a @990000000 [9]", "change rooms/c updated 975000000 [9]",
            "CURRENT [9] @990000000", "NO_CHANGE [] @990000000",
        ])
    }

    @Test("a query target whose resume token is too old is RESET and listens from scratch")
    func resumeQueryTooOld() throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(driver.queryTarget(9, "rooms", resumeToken: ResumeToken.encode(950_000_000)))
            == ["ADD [9]", "RESET [9]", "listen 9 query rooms"])
    }

    // MARK: Removing targets

    @Test("removing a target sends REMOVE, stops its listeners and ignores their late events")
    func removeTarget() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        #expect(driver.remove(7) == ["REMOVE [7]", "stop 7"])
        #expect(!driver.machine.keepsListeners(of: 7))
        let a = try driver.document("rooms/a", updated: 985_000_000)
        #expect(driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 985_000_000)).isEmpty)
        #expect(driver.remove(7).isEmpty)
    }

    @Test("removing the target that was not current lets the marker out for the others")
    func removeUnblocksMarker() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        _ = driver.add(driver.queryTarget(9, "rooms"))
        let a = try driver.document("rooms/a", updated: 985_000_000)
        _ = driver.feed(.documentChanged(target: 7, key: a.key, document: a, version: 985_000_000))
        #expect(driver.feed(.laneSettled(version: 985_000_000)).isEmpty)
        #expect(driver.remove(9) == ["REMOVE [9]", "stop 9"])
        #expect(driver.feed(.laneSettled(version: 985_000_000)) == ["NO_CHANGE [] @985000000"])
    }

    @Test("removing an unknown target id sends nothing and leaves the others running")
    func removeUnknownTarget() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        #expect(driver.remove(42).isEmpty)
        #expect(driver.machine.keepsListeners(of: 7))
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000))
            == ["delete rooms/a @985000000 [7]"])
    }

    // MARK: Errors

    @Test(
        "an invalid target is added, then removed with INVALID_ARGUMENT, and no listener starts",
        arguments: InvalidTarget.allCases)
    func invalidTarget(_ kind: InvalidTarget) throws {
        var driver = try ListenMachineDriver()
        #expect(driver.add(kind.target(driver)) == ["ADD [7]", "REMOVE [7] cause=INVALID_ARGUMENT"])
        #expect(!driver.machine.keepsListeners(of: 7))
        #expect(driver.add(driver.documentsTarget(7, [])).first == "ADD [7]")
    }

    @Test("a target id already in use is refused with REMOVE and a cause; the first target goes on")
    func duplicateTargetID() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        var request = Google_Firestore_V1_ListenRequest()
        request.database = driver.database.resourceName
        request.addTarget = driver.queryTarget(7, "rooms")
        let cause = FirestoreError(.invalidArgument, "Target id 7 is already in use on this stream.")
        #expect(driver.actions(.request(request, ListenMachineDriver.moment))
            == [.send(ListenMessages.targetChange(.remove, targets: [7], cause: cause))])
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000))
            == ["delete rooms/a @985000000 [7]"])
    }

    @Test("an engine refusal removes the target with its cause and stops what was started")
    func engineRefusal() throws {
        var driver = try ListenMachineDriver()
        _ = driver.add(driver.documentsTarget(7, ["rooms/a", "rooms/b"]))
        let denied = FirestoreError(.permissionDenied, "no")
        #expect(driver.feed(.engineFailed(target: 7, error: denied)) == ["REMOVE [7] cause=PERMISSION_DENIED", "stop 7"])
        #expect(!driver.machine.keepsListeners(of: 7))
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 980_000_000)).isEmpty)
    }

    @Test("a query failing after CURRENT is removed with its cause; the other targets go on")
    func engineFailureLater() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(query: 9, at: 980_000_000)
        try driver.makeCurrent(documents: 7, "rooms/a", at: 981_000_000)
        let failure = FirestoreError(.failedPrecondition, "index")
        #expect(driver.actions(.engineFailed(target: 9, error: failure))
            == [.send(ListenMessages.targetChange(.remove, targets: [9], cause: failure)), .stopListeners(target: 9)])
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 985_000_000)).isEmpty)
        #expect(driver.machine.keepsListeners(of: 7))
    }

    @Test("a malformed database name fails the stream; nothing follows")
    func malformedDatabase() throws {
        var driver = try ListenMachineDriver()
        var request = Google_Firestore_V1_ListenRequest()
        request.database = "projects/p"
        request.addTarget = driver.documentsTarget(7, [])
        #expect(driver.feed(.request(request, ListenMachineDriver.moment)) == ["fail INVALID_ARGUMENT"])
        #expect(driver.add(driver.documentsTarget(8, [])).isEmpty)
    }

    @Test("a second database on one stream fails it; its targets' events are then ignored")
    func otherDatabase() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        var request = Google_Firestore_V1_ListenRequest()
        request.database = "projects/q/databases/(default)"
        request.removeTarget = 7
        #expect(driver.feed(.request(request, ListenMachineDriver.moment)) == ["fail INVALID_ARGUMENT"])
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000)).isEmpty)
        #expect(driver.feed(.closed) == ["stop 7"])
    }

    // MARK: The end of the stream

    @Test("shutdown fails the stream with UNAVAILABLE; later events are ignored and close only stops listeners")
    func shutdown() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        _ = driver.add(driver.queryTarget(9, "rooms"))
        #expect(driver.actions(.shutdown) == [.fail(FirestoreError(.unavailable, "The Hearth emulator is shutting down."))])
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 985_000_000)).isEmpty)
        #expect(driver.feed(.laneSettled(version: 985_000_000)).isEmpty)
        #expect(driver.add(driver.documentsTarget(8, [])).isEmpty)
        #expect(driver.feed(.shutdown).isEmpty)
        #expect(driver.feed(.closed) == ["stop 7", "stop 9"])
    }

    @Test("close stops the listeners of every target that has some, ends the responses, then ignores everything")
    func close() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        _ = driver.add(driver.queryTarget(9, "rooms"))
        _ = driver.add(driver.documentsTarget(11, []))
        #expect(driver.feed(.closed) == ["stop 7", "stop 9", "finish"])
        #expect(!driver.machine.keepsListeners(of: 9))
        #expect(driver.feed(.queryChanged(target: 9, changes: [], version: 985_000_000)).isEmpty)
        #expect(driver.add(driver.documentsTarget(8, [])).isEmpty)
        #expect(driver.feed(.shutdown).isEmpty)
        #expect(driver.feed(.closed).isEmpty)
    }

    @Test("the client half-closing ends the responses; listeners run until close")
    func inputFinished() throws {
        var driver = try ListenMachineDriver()
        try driver.makeCurrent(documents: 7, "rooms/a", at: 980_000_000)
        #expect(driver.feed(.inputFinished) == ["finish"])
        #expect(driver.machine.keepsListeners(of: 7))
        #expect(driver.feed(.documentChanged(target: 7, key: try driver.key("rooms/a"), document: nil, version: 985_000_000)).isEmpty)
        #expect(driver.feed(.closed) == ["stop 7"])
    }
}

/// The shapes of target the machine refuses.
enum InvalidTarget: CaseIterable, Sendable, CustomTestStringConvertible {
    case neitherDocumentsNorQuery
    case documentInAnotherDatabase
    case malformedDocumentName
    case queryParentInAnotherDatabase
    case queryWithoutStructuredQuery
    case queryWithoutCollection

    /// The test's label.
    var testDescription: String { "\(self)" }

    /// A target with id 7 of this shape.
    func target(_ driver: ListenMachineDriver) -> Google_Firestore_V1_Target {
        switch self {
        case .neitherDocumentsNorQuery:
            var target = Google_Firestore_V1_Target()
            target.targetID = 7
            return target
        case .documentInAnotherDatabase:
            var target = driver.documentsTarget(7, [])
            target.documents.documents = ["projects/q/databases/(default)/documents/rooms/a"]
            return target
        case .malformedDocumentName:
            var target = driver.documentsTarget(7, [])
            target.documents.documents = ["\(driver.database.resourceName)/documents/rooms"]
            return target
        case .queryParentInAnotherDatabase:
            var target = driver.queryTarget(7, "rooms")
            target.query.parent = "projects/q/databases/(default)/documents"
            return target
        case .queryWithoutStructuredQuery:
            var target = driver.queryTarget(7, "rooms")
            target.query.queryType = nil
            return target
        case .queryWithoutCollection:
            var target = driver.queryTarget(7, "rooms")
            target.query.structuredQuery.from = []
            return target
        }
    }
}

extension ListenMachineDriver {
    /// Adds documents target `id` on `path` and brings it to CURRENT at `version` (the document missing).
    mutating func makeCurrent(documents id: Int32, _ path: String, at version: Int64) throws {
        #expect(add(documentsTarget(id, [path])) == ["ADD [\(id)]", "listen \(id) [\(path)]"])
        let lines = feed(.documentChanged(target: id, key: try key(path), document: nil, version: version))
        #expect(lines.first == "CURRENT [\(id)] @\(version)")
    }

    /// Adds query target `id` on `rooms` and brings it to CURRENT at `version` with `rooms/a` in it.
    mutating func makeCurrent(query id: Int32, at version: Int64) throws {
        #expect(add(queryTarget(id, "rooms")) == ["ADD [\(id)]", "listen \(id) query rooms"])
        let a = try document("rooms/a", updated: 900_000_000)
        let lines = feed(.queryChanged(target: id, changes: [.present(a)], version: version))
        #expect(lines.dropFirst().first == "CURRENT [\(id)] @\(version)")
    }
}
