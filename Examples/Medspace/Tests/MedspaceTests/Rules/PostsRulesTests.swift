import Hearth
import HearthTesting
import Medspace
import Testing

/// `News`, `Cases`, `Discussions`, `Researches`: signed-in users read; news are created by the
/// administrator only and the rest by doctors only (`get()` on the author's profile); the author
/// field is the caller; authors alone edit (keeping author and date) and delete.
@Suite("Rules matrix: posts")
final class PostsRulesTests: RulesSuite {
    @Test(arguments: PostKind.allCases) func getAndList(_ kind: PostKind) async throws {
        let path = "\(kind.collection)/\(RulesFixture.postID(kind))"
        for principal in [Principal.alice, .bob, .admin] {
            try await assertSucceeds { try await rules.handle(principal).document(path).getDocument() }
            try await assertSucceeds { try await rules.handle(principal).collection(kind.collection).getDocuments() }
        }
        try await assertFails { try await rules.anonymous.document(path).getDocument() }
        try await assertFails { try await rules.anonymous.collection(kind.collection).getDocuments() }
    }

    @Test(arguments: PostKind.allCases) func create(_ kind: PostKind) async throws {
        let now = FieldValue.serverTimestamp()
        let allowed: [Principal] = kind == .news ? [.admin] : [.alice, .bob]
        for principal in Principal.allCases {
            let db = rules.handle(principal)
            let write = { try await db.collection(kind.collection).document("new-\(principal)")
                .setData(RulesFixture.post(kind, by: principal.rawValue, date: now)) }
            if allowed.contains(principal) {
                try await assertSucceeds(write)
            } else {
                try await assertFails(write)
            }
        }
        let author = rules.handle(allowed[0])
        let uid = allowed[0].rawValue
        let collection = author.collection(kind.collection)
        try await assertFails { try await collection.document("forged").setData(RulesFixture.post(kind, by: "bob", date: now)) }
        try await assertFails { try await collection.document("clock").setData(RulesFixture.post(kind, by: uid, date: Timestamp())) }
        var extra = RulesFixture.post(kind, by: uid, date: now)
        extra["likes"] = 3
        try await assertFails { try await collection.document("extra").setData(extra) }
        var blank = RulesFixture.post(kind, by: uid, date: now)
        blank["title"] = "   "
        try await assertFails { try await collection.document("blank").setData(blank) }
        var speciality = RulesFixture.post(kind, by: uid, date: now)
        speciality["speciality"] = "Astrology"
        try await assertFails { try await collection.document("speciality").setData(speciality) }
        if kind != .discussions {
            var missing = RulesFixture.post(kind, by: uid, date: now)
            missing["image"] = nil
            missing["history"] = nil
            missing["pdf"] = nil
            try await assertFails { try await collection.document("missing").setData(missing) }
        }
    }

    @Test(arguments: PostKind.allCases) func update(_ kind: PostKind) async throws {
        let id = RulesFixture.postID(kind)
        let owner: Principal = kind == .news ? .admin : .alice
        let others = Principal.allCases.filter { $0 != owner }
        for principal in others {
            try await assertFails {
                try await rules.handle(principal).document("\(kind.collection)/\(id)").updateData(["title": "Hijacked"])
            }
        }
        let post = rules.handle(owner).document("\(kind.collection)/\(id)")
        try await assertFails { try await post.updateData(["user": "bob"]) }
        try await assertFails { try await post.updateData(["date": FieldValue.serverTimestamp()]) }
        try await assertFails { try await post.updateData(["description": ""]) }
        try await assertSucceeds { try await post.updateData(["title": "Septic shock", "titleWords": ["septic", "shock"]]) }
    }

    @Test(arguments: PostKind.allCases) func delete(_ kind: PostKind) async throws {
        let path = "\(kind.collection)/\(RulesFixture.postID(kind))"
        let owner: Principal = kind == .news ? .admin : .alice
        for principal in Principal.allCases where principal != owner {
            try await assertFails { try await rules.handle(principal).document(path).delete() }
        }
        try await assertSucceeds { try await rules.handle(owner).document(path).delete() }
    }

    @Test func aDoctorWhoForgesTheirProfileTypeStillCannotPublishNews() async throws {
        try await assertFails { try await rules.alice.document("Users/alice").updateData(["type": "Admin"]) }
        try await assertFails {
            try await rules.alice.document("News/n").setData(
                RulesFixture.post(.news, by: "alice", date: FieldValue.serverTimestamp()))
        }
    }
}
