/// Constants of the LevelDB log framing that Firestore exports use for their files.
package enum LogFormat {
    /// Files are cut into blocks of this size; a record header never straddles two blocks.
    package static let blockSize = 32_768
    /// Checksum (4, little-endian, masked CRC-32C of type + payload) · length (2, little-endian) · type (1).
    package static let headerSize = 7

    /// The kind of a physical record: a whole logical record or one of its fragments.
    package enum RecordType: UInt8 {
        /// Zero bytes: preallocated space or the padding at the end of a file.
        case zero = 0
        /// A logical record in one piece.
        case full = 1
        /// The first fragment of a logical record.
        case first = 2
        /// A fragment in the middle.
        case middle = 3
        /// The last fragment.
        case last = 4
    }
}
