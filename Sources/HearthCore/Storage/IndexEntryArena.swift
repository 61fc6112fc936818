/// Index entries packed into one byte buffer, for `IndexBulkBuild`: millions of entries as two
/// arrays each cost an allocation, a release and reference counting at every move of a sort;
/// here an entry is a slot of offsets, sorted without touching any reference count.
struct IndexEntryArena {
    /// Where one entry's bytes are: its key, then its value.
    struct Slot {
        var start: Int
        var keyCount: Int32
        var valueCount: Int32
    }

    /// Every entry's key and value bytes, back to back.
    private(set) var bytes: [UInt8] = []
    /// The entries, in the order added until `sort()`.
    private(set) var slots: [Slot] = []

    /// An empty arena.
    init() {}

    /// How many entries it holds.
    var count: Int { slots.count }

    /// Adds an entry.
    mutating func add(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        slots.append(Slot(start: bytes.count, keyCount: Int32(key.count), valueCount: Int32(value.count)))
        bytes.append(contentsOf: key)
        bytes.append(contentsOf: value)
    }

    /// Adds the entries of one document.
    mutating func add(_ entries: [IndexEntries.Entry]) {
        for entry in entries {
            entry.key.withUnsafeBytes { key in entry.value.withUnsafeBytes { value in add(key: key, value: value) } }
        }
    }

    /// Puts the entries in key order (unsigned bytes, a prefix first: LMDB's order for the table).
    mutating func sort() {
        bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            slots.sort { a, b in
                Self.compare(base + a.start, Int(a.keyCount), base + b.start, Int(b.keyCount)) < 0
            }
        }
    }

    /// Empties the arena, keeping its memory for the next run.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each entry's key and value, in the order held.
    func forEach(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress else { return }
            for slot in slots {
                let key = UnsafeRawBufferPointer(start: base + slot.start, count: Int(slot.keyCount))
                let value = UnsafeRawBufferPointer(start: base + slot.start + Int(slot.keyCount), count: Int(slot.valueCount))
                try body(key, value)
            }
        }
    }

    /// Unsigned lexicographic order of two keys, a proper prefix first (`UTF8KeyOrder.compareBytes`).
    @inline(__always)
    static func compare(_ a: UnsafeRawPointer, _ aCount: Int, _ b: UnsafeRawPointer, _ bCount: Int) -> Int {
        UTF8KeyOrder.compareBytes(UnsafeRawBufferPointer(start: a, count: aCount), UnsafeRawBufferPointer(start: b, count: bCount))
    }
}
