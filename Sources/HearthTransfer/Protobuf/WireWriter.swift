/// A minimal protocol-buffers wire-format writer: the encoder side of `WireReader`.
package struct WireWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer.
    package init() {}

    /// A base-128 varint.
    package mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A field key.
    package mutating func tag(_ field: Int, _ type: WireReader.WireType) {
        varint(UInt64(field) << 3 | UInt64(type.rawValue))
    }

    /// A varint field.
    package mutating func varintField(_ field: Int, _ value: UInt64) {
        tag(field, .varint)
        varint(value)
    }

    /// A fixed 64-bit field.
    package mutating func fixed64Field(_ field: Int, _ value: UInt64) {
        tag(field, .fixed64)
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    /// A length-delimited field holding `payload`.
    package mutating func bytesField(_ field: Int, _ payload: some Collection<UInt8>) {
        tag(field, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    /// A string field.
    package mutating func stringField(_ field: Int, _ text: String) { bytesField(field, text.utf8) }

    /// A nested message field whose body `body` writes in place: its length is reserved as one
    /// byte and widened afterwards only when the body takes 128 bytes or more, so a small message
    /// costs no writer and no copy of its own.
    package mutating func messageField(_ field: Int, _ body: (inout WireWriter) -> Void) {
        tag(field, .lengthDelimited)
        let lengthAt = bytes.count
        bytes.append(0)
        body(&self)
        let length = bytes.count - lengthAt - 1
        if length < 0x80 {
            bytes[lengthAt] = UInt8(length)
        } else {
            var prefix = WireWriter()
            prefix.varint(UInt64(length))
            bytes.replaceSubrange(lengthAt...lengthAt, with: prefix.bytes)
        }
    }

    /// A group field (legacy): start tag, the body, end tag.
    package mutating func groupField(_ field: Int, _ body: (inout WireWriter) -> Void) {
        tag(field, .startGroup)
        body(&self)
        tag(field, .endGroup)
    }
}
