import Synchronization
public import Hearth

extension Query {
    /// The query's documents decoded as `T`, live: the whole list at once, then again after every
    /// commit that changes it, for `for try await list in …` (SwiftUI's `.task`). A listener error
    /// or a document that does not decode ends the stream with the app's error; leaving the loop
    /// (or cancelling its task) removes the listener.
    public func liveValues<T: Decodable & Sendable, Failure: ExampleAppError>(
        as type: T.Type, failing: Failure.Type
    ) -> AsyncThrowingStream<[T], any Error> {
        liveStream(failing: failing, listen: { addSnapshotListener($0) }) { snapshot throws(Failure) in
            try snapshot.decoded(as: type, failing: failing)
        }
    }
}

extension DocumentReference {
    /// The document decoded as `T` (nil while it does not exist), live: now, then after every
    /// commit that changes it. Errors and cancellation as `Query.liveValues(as:failing:)`.
    public func liveValue<T: Decodable & Sendable, Failure: ExampleAppError>(
        as type: T.Type, failing: Failure.Type
    ) -> AsyncThrowingStream<T?, any Error> {
        liveStream(failing: failing, listen: { addSnapshotListener($0) }) { snapshot throws(Failure) in
            snapshot.exists ? try snapshot.decoded(as: type, failing: failing) : nil
        }
    }
}

/// A stream fed by the snapshot listener `listen` starts (now, so what is committed after the call
/// reaches it): each snapshot through `decode`; a listener error or a decoding failure ends it with
/// the app's error (`Failure.mapped`); ending the stream removes the listener.
private func liveStream<Snapshot: Sendable, Element: Sendable, Failure: ExampleAppError>(
    failing: Failure.Type,
    listen: (@escaping @Sendable (Snapshot?, (any Error)?) -> Void) -> any ListenerRegistration,
    decode: @escaping @Sendable (Snapshot) throws(Failure) -> Element
) -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream { continuation in
        let registration = listen { snapshot, error in
            guard let snapshot else {
                continuation.finish(throwing: Failure.mapped(error ?? FirestoreError(.unknown, "The listener ended.")))
                return
            }
            do throws(Failure) {
                continuation.yield(try decode(snapshot))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in registration.remove() }
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// A stream that ends at once with `error` (a live view that could not start, e.g. signed out).
    public static func failed(_ error: any Error) -> AsyncThrowingStream {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}

extension AsyncThrowingStream where Failure == any Error, Element: Sendable {
    /// This stream's elements through `transform`, skipping those it maps to nil (a view that
    /// shows only some of a query's updates); ends as this one ends, and stops it when left.
    public func compactMapped<T: Sendable>(
        _ transform: @escaping @Sendable (Element) -> T?
    ) -> AsyncThrowingStream<T, any Error> {
        AsyncThrowingStream<T, any Error> { continuation in
            let task = Task {
                do {
                    for try await element in self {
                        if let mapped = transform(element) { continuation.yield(mapped) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The latest elements of two live streams together: the first pair once both have produced an
/// element, then a new pair after every element of either (a screen built from two queries).
/// Ends when both end, or with the first error; leaving it stops both.
public func combineLatest<A: Sendable, B: Sendable>(
    _ first: AsyncThrowingStream<A, any Error>, _ second: AsyncThrowingStream<B, any Error>
) -> AsyncThrowingStream<(A, B), any Error> {
    AsyncThrowingStream { continuation in
        let latest = LatestPair<A, B>()
        let task = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await value in first {
                            latest.state.withLock { latest in
                                latest.first = value
                                if let other = latest.second { continuation.yield((value, other)) }
                            }
                        }
                    }
                    group.addTask {
                        for try await value in second {
                            latest.state.withLock { latest in
                                latest.second = value
                                if let other = latest.first { continuation.yield((other, value)) }
                            }
                        }
                    }
                    // The first error ends the group (and cancels the other reader); waitForAll
                    // would wait for a live stream that never ends.
                    for try await _ in group {}
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// The last element of each of two streams (`combineLatest`'s state, shared by its two readers).
private final class LatestPair<A: Sendable, B: Sendable>: Sendable {
    let state = Mutex<(first: A?, second: B?)>((nil, nil))
}
