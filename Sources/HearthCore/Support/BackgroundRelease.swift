import Dispatch

/// Frees large values away from the thread that finished with them.
///
/// The writer thread is a bulk load's bottleneck, and freeing what a catch-up held (every pending
/// document's contents twice, and a million index writes) is a tree of releases that took ~8% of
/// its time. Handing the last reference to a utility queue moves that work to another core.
enum BackgroundRelease {
    private static let queue = DispatchQueue(label: "hearth.background-release", qos: .utility)

    /// Drops `value` on the release queue; the caller must hold no other reference to its storage
    /// for the freeing to happen there.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let box = ReleaseBox(value)
        queue.async { box.drop() }
    }
}

/// Holds a value until `drop()` (so that the last release runs on the queue).
private final class ReleaseBox<Value: Sendable>: @unchecked Sendable {
    // Written once at init and cleared once on the queue; never touched concurrently.
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    func drop() { value = nil }
}
