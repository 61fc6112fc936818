import Foundation
import Hearth
import Medspace
import Testing

/// UC23: a new post matching a keyword of a user with notifications on creates exactly one
/// notification for that user, written by the notifier's listener.
@Suite("Notifications")
struct NotificationTests {
    @Test func aMatchingPostNotifiesOnceWhateverTheNumberOfKeywords() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await luis.addKeyword("cardiologia")
        try await luis.addKeyword("Dolor torácico")
        try await luis.addKeyword("dermatology")
        let start = fixture.app.notifier.progress.processedPosts
        let post = try await ana.createPost(.cases, .chestPain)
        try await fixture.app.notifier.waitUntilProcessed(start + 1)
        let notifications = try await luis.notifications()
        #expect(notifications.count == 1)
        let notification = try #require(notifications.first)
        #expect(notification.post == post.path && notification.type == .cases)
        #expect(notification.title == "Dolor torácico en Cardiología" && notification.keyword == "cardiologia")
        #expect(notification.date != nil)
        #expect(try await ana.notifications().isEmpty)
        try await luis.dismissNotification(try #require(notification.id))
        #expect(try await luis.notifications().isEmpty)
        await fixture.close()
    }

    @Test(.timeLimit(.minutes(1))) func theFeedShowsEachNotificationAsItIsWrittenAndDropsDismissedOnes() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await luis.addKeyword("migraine")
        try await luis.addKeyword("cardiologia")
        var feed = luis.liveNotifications().makeAsyncIterator()
        #expect(try await feed.next()?.isEmpty == true)

        let migraine = try await ana.createPost(.discussions, .migraine)
        let first = try #require(try await feed.next())
        #expect(first.map(\.post) == [migraine.path])
        #expect(first.first?.keyword == "migraine")
        let chest = try await ana.createPost(.cases, .chestPain)
        let second = try #require(try await feed.next())
        #expect(second.map(\.post) == [chest.path, migraine.path])  // newest first
        try await luis.dismissNotification(try #require(second.last?.id))
        #expect(try await feed.next()?.map(\.post) == [chest.path])

        // The author's own feed stays empty; a signed-out session's feed ends with an error.
        var other = ana.liveNotifications().makeAsyncIterator()
        #expect(try await other.next()?.isEmpty == true)
        luis.signOut()
        var signedOut = luis.liveNotifications().makeAsyncIterator()
        await #expect(throws: MedspaceError.self) { try await signedOut.next() }
        await fixture.close()
    }

    @Test func phrasesMatchWholeConsecutiveWordsInTitleOrDescription() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await luis.addKeyword("heart failure")
        try await luis.addKeyword("card")
        let start = fixture.app.notifier.progress.processedPosts
        _ = try await ana.createPost(.discussions, .discussion("Failure of the heart", "Cardiac output"))
        _ = try await ana.createPost(.discussions, .discussion("Diuretics", "In acute HEART-failure, what dose?"))
        try await fixture.app.notifier.waitUntilProcessed(start + 2)
        #expect(try await luis.notifications().map(\.title) == ["Diuretics"])
        await fixture.close()
    }

    @Test func nobodyWithNotificationsOffAndNeverTheAuthor() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await ana.addKeyword("migraine")
        try await luis.addKeyword("migraine")
        try await luis.setNotifications(false)
        let start = fixture.app.notifier.progress.processedPosts
        _ = try await ana.createPost(.discussions, .migraine)
        try await fixture.app.notifier.waitUntilProcessed(start + 1)
        #expect(try await ana.notifications().isEmpty)
        #expect(try await luis.notifications().isEmpty)
        #expect(fixture.app.notifier.progress.failures.isEmpty)
        await fixture.close()
    }

    /// The notifier's triggers are durable: a post made while they were stopped is announced
    /// when the app starts again (to whoever wants it by then), and nothing twice.
    @Test func postsMadeWhileTheNotifierWasStoppedAreAnnouncedWhenItStartsAgain() async throws {
        let directory = NSTemporaryDirectory() + "medspace-tests-" + UUID().uuidString
        let configuration = MedspaceConfiguration(
            projectID: "test-medspace", passwordIterations: 8, durability: .none, requireIndexes: true)
        let first = try await Medspace.open(directory: directory, configuration: configuration)
        let ana = try await first.enterApp(as: try await first.register(Doctor.ana.form))
        let luis = try await first.enterApp(as: try await first.register(Doctor.luis.form))
        await first.notifier.stop()
        _ = try await ana.createPost(.discussions, .migraine)
        try await luis.addKeyword("migraine")
        ana.signOut()
        luis.signOut()
        await first.close()
        let second = try await Medspace.open(directory: directory, configuration: configuration)
        let again = try await second.enterApp(as: try await second.signIn(email: "luis@ulpgc.es", password: "secreto1"))
        let author = try await second.enterApp(as: try await second.signIn(email: "ana@ulpgc.es", password: "secreto1"))
        _ = try await author.createPost(.discussions, .discussion("Migraine in children"))
        try await second.notifier.waitUntilProcessed(2)
        let titles = try await again.notifications().map(\.title)
        #expect(titles.count == 2)
        #expect(titles.contains("Migraine in children"))
        #expect(titles.contains(where: { $0 != "Migraine in children" }), "the post made while stopped: \(titles)")
        #expect(second.notifier.progress.processedPosts == 2)
        #expect(try await author.notifications().isEmpty, "never the author")
        await second.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Many posts written at once by several authors: every interested user gets exactly one
    /// notification per matching post — none lost, none doubled, none for users with notifications
    /// off, none to an author for their own post.
    @Test func concurrentPostsByManyAuthorsNotifyExactlyOnce() async throws {
        let fixture = try await TestApp()
        let authors = try await [fixture.member(.ana), fixture.member(.luis), fixture.member(.marta)]
        var readers: [UserSession] = []
        for index in 0..<6 {
            readers.append(
                try await fixture.member(Doctor("reader\(index)", "Reader \(index)", "reader\(index)@ulpgc.es")))
        }
        // Readers 0–3 and every author follow "sepsis"; readers 4–5 too but have notifications off.
        for session in readers + authors { try await session.addKeyword("Sepsis") }
        for session in readers[0..<2] { try await session.addKeyword("shock") }
        for session in readers[4...] { try await session.setNotifications(false) }
        let start = fixture.app.notifier.progress.processedPosts
        let postsPerAuthor = 12
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, author) in authors.enumerated() {
                for index in 0..<postsPerAuthor {
                    group.addTask {
                        let title = index % 3 == 0 ? "Unrelated \(number)-\(index)" : "Sepsis shock \(number)-\(index)"
                        _ = try await author.createPost(.discussions, .discussion(title, "Case \(index)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = authors.count * postsPerAuthor
        try await fixture.app.notifier.waitUntilProcessed(start + total, timeout: .seconds(120))
        let matchingPerAuthor = (0..<postsPerAuthor).filter { $0 % 3 != 0 }.count
        let matching = authors.count * matchingPerAuthor
        for reader in readers[0..<4] {
            let notifications = try await reader.notifications()
            #expect(notifications.count == matching)
            #expect(Set(notifications.map(\.post)).count == matching)
        }
        for reader in readers[4...] { #expect(try await reader.notifications().isEmpty) }
        for author in authors {
            let notifications = try await author.notifications()
            // Everyone else's matching posts, never their own.
            #expect(notifications.count == matching - matchingPerAuthor)
            let own = Set(try await author.myPosts(.discussions).map(\.path))
            #expect(notifications.allSatisfy { !own.contains($0.post) })
        }
        let progress = fixture.app.notifier.progress
        #expect(progress.failures.isEmpty)
        #expect(progress.deliveredNotifications == 4 * matching + authors.count * (matching - matchingPerAuthor))
        await fixture.close()
    }
}
