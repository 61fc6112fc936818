public import Hearth
import Synchronization

/// UC23's backend: one Firestore trigger per post collection (`onDocumentCreated` on
/// `News/{postId}`, `Cases/{postId}`, …, the Cloud Functions the thesis's polling every 60 s stands
/// for), writing one notification per interested user for each new post.
///
/// Rules it keeps:
/// 1. Posts stored before the first `start()` on a data directory are not announced; posts made
///    while the app was stopped are, when it starts again (each trigger's cursor is durable).
/// 2. One notification per user and post: its id is `<kind>_<postId>`, so several matching
///    keywords, or the same post delivered twice (delivery is at least once), make one document.
/// 3. Never the author, never a user whose `notifications` is off when the post is processed.
/// 4. Posts of one collection are processed one at a time, in commit order; a failed post is
///    retried, then kept on its trigger's dead-letter list.
public final class KeywordNotifier: Sendable {
    /// Firestore's limit on the values of an `in` filter.
    static let inLimit = 30

    /// Mutable state, guarded by `state`'s mutex: the trigger registrations, progress counters and
    /// the callers waiting for progress.
    private struct State {
        var registrations: [TriggerRegistration] = []
        var progress = NotifierProgress()
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    /// A caller of `waitUntilProcessed`, and the timer that will end its wait.
    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
        var timer: Task<Void, Never>?
    }

    /// Admin access to the app's database.
    private let admin: Firestore
    private let state = Mutex(State())

    /// A notifier writing with `admin` (not started).
    public init(admin: Firestore) {
        self.admin = admin
    }

    /// Registers the four triggers; every post committed after this returns will be processed.
    /// - Throws: a registration's error (`ALREADY_EXISTS` when already started).
    public func start() async throws {
        var registrations: [TriggerRegistration] = []
        do {
            for kind in PostKind.allCases {
                registrations.append(try await admin.onDocumentCreated(
                    "\(kind.collection)/{postId}", name: "medspace-keywords-\(kind.collection)"
                ) { [self] event in
                    let document = event.data
                    try await process(NewPost(
                        kind: kind, id: document.documentID, author: document.get("user") as? String ?? "",
                        title: document.get("title") as? String ?? "",
                        description: document.get("description") as? String ?? ""))
                })
            }
        } catch {
            registrations.forEach { $0.remove() }
            throw error
        }
        state.withLock { $0.registrations = registrations }
    }

    /// Stops the triggers (a post being processed is processed again at the next start).
    public func stop() async {
        let registrations = state.withLock { state in
            defer { state.registrations = [] }
            return state.registrations
        }
        registrations.forEach { $0.remove() }
    }

    /// What the notifier has done so far.
    public var progress: NotifierProgress { state.withLock { $0.progress } }

    /// Waits until at least `count` new posts were processed since `start()`.
    /// - Throws: `NotifierTimeout` when that takes longer than `timeout`.
    public func waitUntilProcessed(_ count: Int, timeout: Duration = .seconds(30)) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let id = state.withLock { state -> Int? in
                if state.progress.processedPosts >= count { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = Waiter(count: count, continuation: continuation)
                return state.nextWaiter
            }
            guard let id else { return continuation.resume() }
            let timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.continuation.resume(throwing: NotifierTimeout(expected: count, processed: progress.processedPosts))
            }
            let stillWaiting = state.withLock { state -> Bool in
                guard state.waiters[id] != nil else { return false }
                state.waiters[id]?.timer = timer
                return true
            }
            if !stillWaiting { timer.cancel() }
        }
    }

    /// Processes one post and records the outcome; a failure is recorded and thrown (the trigger
    /// retries it).
    private func process(_ post: NewPost) async throws {
        let outcome: Result<Int, any Error>
        do {
            outcome = .success(try await deliver(post))
        } catch {
            outcome = .failure(error)
        }
        let ready = state.withLock { state -> [Waiter] in
            switch outcome {
            case .success(let count):
                state.progress.processedPosts += 1
                state.progress.deliveredNotifications += count
            case .failure(let error):
                state.progress.failures.append("\(post.kind.collection)/\(post.id): \(error)")
                return []
            }
            let done = state.waiters.filter { $0.value.count <= state.progress.processedPosts }
            for id in done.keys { state.waiters[id] = nil }
            return Array(done.values)
        }
        for waiter in ready {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
        if case .failure(let error) = outcome { throw error }
    }

    /// Finds the keywords the post contains, keeps the owners who want notifications, and writes
    /// their notifications; returns how many it wrote.
    func deliver(_ post: NewPost) async throws -> Int {
        let words = Array(Set(post.words)).sorted()
        var candidates: [KeywordMatch.Candidate] = []
        for start in stride(from: 0, to: words.count, by: Self.inLimit) {
            let chunk = Array(words[start..<min(start + Self.inLimit, words.count)])
            let found = try await admin.collectionGroup(Collections.items).whereField("firstWord", in: chunk)
                .getDocuments()
            candidates += found.documents.compactMap(KeywordMatch.candidate)
        }
        let recipients = KeywordMatch.recipients(of: post, among: candidates)
        var batch = admin.batch()
        var pending = 0
        var written = 0
        for (owner, keyword) in recipients.sorted(by: { $0.key < $1.key }) {
            let user = try await admin.collection(Collections.users).document(owner).getDocument()
            guard user.get("notifications") as? Bool == true else { continue }
            let notification = MedspaceNotification(kind: post.kind, postID: post.id, title: post.title, keyword: keyword)
            let id = MedspaceNotification.documentID(kind: post.kind, postID: post.id)
            batch.setData(from: notification, forDocument: admin.collection(Collections.notifications(of: owner)).document(id))
            pending += 1
            written += 1
            if pending == 500 {
                try await batch.commit()
                batch = admin.batch()
                pending = 0
            }
        }
        if pending > 0 { try await batch.commit() }
        return written
    }
}

/// Counters of a `KeywordNotifier`.
public struct NotifierProgress: Sendable, Equatable {
    /// New posts processed since `start()`.
    public var processedPosts = 0
    /// Notifications written.
    public var deliveredNotifications = 0
    /// What went wrong, one line per failed attempt (the trigger retries a failed post).
    public var failures: [String] = []
}

/// `KeywordNotifier.waitUntilProcessed` gave up.
public struct NotifierTimeout: Error, CustomStringConvertible {
    /// The count waited for.
    public let expected: Int
    /// The count reached.
    public let processed: Int

    /// What happened.
    public var description: String { "the notifier processed \(processed) of \(expected) posts in time" }
}
