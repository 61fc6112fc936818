/// Group numbers of canonical group keys of 1 to 16 bytes, each found by a hashed probe of a
/// small table: the streamed scan's common case (a few short group values, such as city names)
/// without a data-dependent search loop and without building an array per document.
struct ShortGroupKeys {
    /// One used or empty place of the table (`count` 0: empty; keys are never empty).
    private struct Slot {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var count = 0
        var group = 0
    }

    /// Places in the table: a power of two, at most half of them ever used.
    private static let slotCount = 64
    /// Most keys the table takes; `insert` refuses more.
    static let capacity = 32
    private var slots = [Slot](repeating: Slot(), count: slotCount)
    /// Keys held.
    private(set) var count = 0

    /// Whether `key` is short enough for the table.
    @inline(__always)
    static func fits(_ key: UnsafeRawBufferPointer) -> Bool { key.count > 0 && key.count <= 16 }

    /// The group of `key` (which `fits`), if it was inserted.
    @inline(__always)
    func group(of key: UnsafeRawBufferPointer) -> Int? {
        let (head, tail) = Self.words(key)
        var index = Self.index(head, tail, key.count)
        while slots[index].count != 0 {
            let slot = slots[index]
            if slot.head == head && slot.tail == tail && slot.count == key.count { return slot.group }
            index = (index + 1) & (Self.slotCount - 1)
        }
        return nil
    }

    /// Records that `key` (which `fits`, and is not yet held) is group `group`; false when the
    /// table is full.
    mutating func insert(_ key: UnsafeRawBufferPointer, group: Int) -> Bool {
        guard count < Self.capacity else { return false }
        let (head, tail) = Self.words(key)
        var index = Self.index(head, tail, key.count)
        while slots[index].count != 0 { index = (index + 1) & (Self.slotCount - 1) }
        slots[index] = Slot(head: head, tail: tail, count: key.count, group: group)
        count += 1
        return true
    }

    /// The first 8 bytes of `key` and the (up to) 8 after them, each as a zero-padded word:
    /// with the length, they are the key.
    @inline(__always)
    private static func words(_ key: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        let head = ValueCodec.FieldNames.word(key, from: 0, count: min(key.count, 8))
        let tail = key.count > 8 ? ValueCodec.FieldNames.word(key, from: 8, count: key.count - 8) : 0
        return (head, tail)
    }

    /// Where probing for a key starts.
    @inline(__always)
    private static func index(_ head: UInt64, _ tail: UInt64, _ count: Int) -> Int {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) >> 58)
    }
}
