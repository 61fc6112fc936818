import BenchSupport
import Foundation
import Hearth
import Medspace

/// The Medspace example's keyword notifier (issue 18): 1,000 users with 5 keywords each, posts
/// written by 4 doctors at once through the app (under the rules); the clock stops when the
/// notifier's listener has processed every post and written its notifications. Commits are
/// non-durable so the figure measures the listener → query → batch path, not fsync.
enum MedspaceWorkloads {
    /// Users holding keywords.
    static let users = 1_000
    /// Keywords per user.
    static let keywordsPerUser = 5
    /// Distinct keyword words; each is held by `users * keywordsPerUser / vocabulary` users.
    static let vocabulary = 500

    static func run(quick: Bool) async throws -> [BenchResult] {
        let posts = quick ? 200 : 1_000
        let root = NSTemporaryDirectory() + "hearth-bench-medspace-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let configuration = MedspaceConfiguration(projectID: "bench-medspace", passwordIterations: 1, durability: .none)
        let app = try await Medspace.open(directory: root, configuration: configuration)
        let admin = try Firestore(directory: root, projectID: app.configuration.projectID ?? Medspace.files.defaultProjectID)
        try await seed(admin)
        var authors: [UserSession] = []
        for index in 0..<4 {
            let form = RegistrationForm(
                username: "author\(index)", fullname: "Author \(index)", email: "author\(index)@bench.es",
                password: "secreto1", repeatPassword: "secreto1")
            authors.append(try await app.enterApp(as: try await app.register(form)))
        }
        let perAuthor = posts / authors.count
        let start = app.notifier.progress
        let (_, seconds) = try await Stopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (number, author) in authors.enumerated() {
                    group.addTask {
                        for index in 0..<perAuthor {
                            let n = number * perAuthor + index
                            let form = PostForm(
                                title: "Case \(n): term\(n % Self.vocabulary) and term\((n * 7 + 3) % Self.vocabulary)",
                                description: "Discussed with term\((n * 13 + 5) % Self.vocabulary) in mind.",
                                speciality: .internalMedicine)
                            _ = try await author.createPost(.discussions, form)
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await app.notifier.waitUntilProcessed(start.processedPosts + perAuthor * authors.count, timeout: .seconds(600))
        }
        let progress = app.notifier.progress
        let delivered = progress.deliveredNotifications - start.deliveredNotifications
        authors.forEach { $0.signOut() }
        admin.close()
        await app.close()
        guard progress.failures.isEmpty else {
            throw BenchFailure(description: "notifier failures: \(progress.failures.prefix(3))")
        }
        let written = perAuthor * authors.count
        let perPost = written > 0 ? delivered / written : 0
        return [
            BenchResult(
                name: "medspace fan-out: posts/s, 1,000 users × 5 keywords (\(perPost) notifications/post)",
                ops: written, seconds: seconds, baseline: nil),
            BenchResult(
                name: "medspace fan-out: notifications delivered/s (\(delivered) in all)",
                ops: delivered, seconds: seconds, baseline: nil),
        ]
    }

    /// 1,000 users with notifications on, each with 5 one-word keywords from the vocabulary.
    static func seed(_ admin: Firestore) async throws {
        var batch = admin.batch()
        var pending = 0
        func add(_ data: [String: Any], _ path: String) async throws {
            batch.setData(data, forDocument: admin.document(path))
            pending += 1
            if pending == 500 {
                try await batch.commit()
                batch = admin.batch()
                pending = 0
            }
        }
        for user in 0..<users {
            let uid = "reader\(user)"
            try await add(
                [
                    "username": uid, "usernameKey": uid, "fullname": "Reader \(user)", "type": "Doctor",
                    "email": "\(uid)@bench.es", "notifications": true,
                ], "Users/\(uid)")
            for keyword in 0..<keywordsPerUser {
                let word = "term\((user * keywordsPerUser + keyword) % vocabulary)"
                try await add(["keyword": word, "normalized": word, "firstWord": word], "Keywords/\(uid)/items/\(word)")
            }
        }
        if pending > 0 { try await batch.commit() }
    }
}
