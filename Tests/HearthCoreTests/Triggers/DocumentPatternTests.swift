import Testing
@testable import HearthCore

@Suite("Trigger document patterns")
struct DocumentPatternTests {
    private func path(_ text: String) -> ResourcePath { ResourcePath(uncheckedSegments: text.split(separator: "/").map(String.init)) }

    @Test func wildcardsBindOneSegmentEach() throws {
        let pattern = try DocumentPattern("/Chats/{from}/{to}/{message}/")
        #expect(pattern.description == "Chats/{from}/{to}/{message}")
        #expect(pattern.match(path("Chats/ana/ben/m1")) == ["from": "ana", "to": "ben", "message": "m1"])
        #expect(pattern.match(path("Chats/ana/ben")) == nil)
        #expect(pattern.match(path("Chats/ana/ben/m1/replies/r1")) == nil)
        #expect(pattern.match(path("Other/ana/ben/m1")) == nil)
        #expect(try DocumentPattern("users/*").match(path("users/u1")) == [:])
    }

    @Test func aRestWildcardBindsTheRemainingPath() throws {
        let pattern = try DocumentPattern("logs/{rest=**}")
        #expect(pattern.match(path("logs/a")) == ["rest": "a"])
        #expect(pattern.match(path("logs/a/b/c")) == ["rest": "a/b/c"])
        #expect(pattern.match(path("users/a")) == nil)
        #expect(try DocumentPattern("{all=**}").match(path("x/y")) == ["all": "x/y"])
        #expect(try DocumentPattern("users/{id=*}").match(path("users/u")) == ["id": "u"])
    }

    @Test func badPatternsAreRefusedWithTheirReason() {
        for (text, reason) in [
            ("", "empty"), ("users", "collection"), ("users/{id}/posts", "collection"), ("a//b", "empty"),
            ("a/{x=**}/b/c", "last segment"), ("a/{x}/b/{x}", "twice"), ("a/{x", "unclosed"), ("a/{x=y}", "matches"),
            ("a/b*c", "bad segment"), ("a/{}", "unclosed"),
        ] {
            #expect(throws: FirestoreError.self, "\(text)") { try DocumentPattern(text) }
            do {
                _ = try DocumentPattern(text)
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains(reason), "\(text): \(error.message)")
            }
        }
    }

    @Test func eventKindsMatchTheirChanges() throws {
        let document = Document(key: try DocumentKey(validating: "a/b"), fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        #expect(TriggerEventKind.created.matches(before: nil, after: document))
        #expect(!TriggerEventKind.created.matches(before: document, after: document))
        #expect(TriggerEventKind.updated.matches(before: document, after: document))
        #expect(TriggerEventKind.deleted.matches(before: document, after: nil))
        #expect(TriggerEventKind.written.matches(before: nil, after: document))
        #expect(TriggerEventKind.parse(cloudEventType: "google.cloud.firestore.document.v1.updated.withAuthContext")! == (.updated, true))
        #expect(TriggerEventKind.parse(cloudEventType: "google.cloud.firestore.document.v1.moved") == nil)
    }
}
