import Foundation
import Hearth
import HearthTesting
import Medspace

/// A rules test environment with Medspace's rules and seeded data: doctors alice and bob, the
/// administrator `admin` (with their user-name claims), one post of each kind (news by admin, the
/// others by alice), bob's comment `c-bob` on alice's case, alice's keyword `sepsis` and her
/// notification `Cases_case-alice`.
struct RulesFixture {
    let env: RulesTestEnvironment
    let alice: Firestore
    let bob: Firestore
    let admin: Firestore
    let anonymous: Firestore

    /// The id of the seeded post of `kind`.
    static func postID(_ kind: PostKind) -> String { kind == .news ? "news-admin" : "\(kind.collection)-alice" }

    init() async throws {
        env = try RulesTestEnvironment(rules: Medspace.files.rules, projectID: "rules-medspace")
        alice = try env.authenticatedContext("alice", claims: ["email": "alice@ulpgc.es"])
        bob = try env.authenticatedContext("bob", claims: ["email": "bob@ulpgc.es"])
        admin = try env.authenticatedContext("admin", claims: ["email": "admin@medspace.org"])
        anonymous = env.unauthenticatedContext()
        try await env.withSecurityRulesDisabled { db in
            for (uid, type) in [("alice", "Doctor"), ("bob", "Doctor"), ("admin", "Admin")] {
                try await db.document("Users/\(uid)").setData(Self.user(uid, type: type))
                try await db.document("Usernames/\(uid)").setData(["uid": uid])
            }
            for kind in PostKind.allCases {
                let author = kind == .news ? "admin" : "alice"
                try await db.document("\(kind.collection)/\(Self.postID(kind))").setData(
                    Self.post(kind, by: author, date: FieldValue.serverTimestamp()))
            }
            try await db.document("Cases/Cases-alice/Comments/c-bob").setData(
                Self.comment(by: "bob", date: FieldValue.serverTimestamp()))
            try await db.document("Keywords/alice/items/sepsis").setData(Self.keyword("Sepsis"))
            try await db.document("Notifications/alice/items/Cases_case-alice").setData([
                "post": "Cases/Cases-alice", "type": "Cases", "title": "Sepsis", "keyword": "Sepsis",
                "date": FieldValue.serverTimestamp(),
            ])
        }
    }

    /// Removes the environment's directory.
    func cleanup() { env.cleanup() }

    /// The handle of `principal`.
    func handle(_ principal: Principal) -> Firestore {
        switch principal {
        case .alice: alice
        case .bob: bob
        case .admin: admin
        case .anonymous: anonymous
        }
    }

    /// A profile of `uid` named `uid`.
    static func user(_ uid: String, type: String = "Doctor", email: String? = nil) -> [String: Any] {
        [
            "username": uid, "usernameKey": uid.lowercased(), "fullname": "\(uid) Test", "type": type,
            "email": email ?? (type == "Admin" ? "admin@medspace.org" : "\(uid)@ulpgc.es"), "notifications": true,
        ]
    }

    /// A complete post of `kind` by `author` dated `date`.
    static func post(_ kind: PostKind, by author: String, date: Any, title: String = "Sepsis") -> [String: Any] {
        var data: [String: Any] = [
            "title": title, "description": "A description", "speciality": "Internal Medicine", "user": author,
            "date": date, "titleWords": [title.lowercased()],
        ]
        switch kind {
        case .news: data["image"] = "news/a.jpg"
        case .cases:
            data["history"] = "None"
            data["examination"] = "Normal"
        case .researches: data["pdf"] = "researches/a.pdf"
        case .discussions: break
        }
        return data
    }

    /// A comment by `author` dated `date`.
    static func comment(by author: String, date: Any, message: String = "Interesting") -> [String: Any] {
        ["message": message, "user": author, "date": date]
    }

    /// A keyword document for `text`.
    static func keyword(_ text: String) -> [String: Any] {
        let normalized = TextFolding.words(text).joined(separator: " ")
        return ["keyword": text, "normalized": normalized, "firstWord": TextFolding.words(text).first ?? ""]
    }
}

/// The kinds of caller the matrix tries.
enum Principal: String, CaseIterable, Sendable {
    /// A doctor who owns the seeded data.
    case alice
    /// Another doctor.
    case bob
    /// The administrator.
    case admin
    /// No credentials.
    case anonymous
}

/// A suite whose every test gets a fresh rules environment with the seeded data, removed when the
/// test ends.
class RulesSuite {
    /// The environment and its users.
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    deinit { rules.cleanup() }
}
