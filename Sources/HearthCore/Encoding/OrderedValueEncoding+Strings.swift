extension OrderedValueEncoding {
    /// The offset just past the ascending string encoding starting at `start` in `bytes` (rank
    /// byte, escaped UTF-8, terminator 0x00 0x01), or nil when no whole string encoding starts there.
    static func stringEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, start < bytes.count, bytes[start] == Rank.string.rawValue else { return nil }
        // A numeric document id in a name: its marker and 8 ordered bytes (`writeSegment`).
        let marker = numericSegmentMarker
        if bytes.count >= start + 1 + marker.count + 8,
           bytes[start + 1] == marker[0], bytes[start + 2] == marker[1], bytes[start + 3] == marker[2] {
            return start + 1 + marker.count + 8
        }
        var index = start + 1
        while index + 1 < bytes.count {
            if bytes[index] == 0 {
                switch bytes[index + 1] {
                case 0x01: return index + 2
                case 0xFF: index += 2
                default: return nil
                }
            } else {
                index += 1
            }
        }
        return nil
    }
}
