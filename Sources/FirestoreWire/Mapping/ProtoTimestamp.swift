package import HearthCore
package import SwiftProtobuf

extension Timestamp {
    /// Converts a wire timestamp, validating Firestore's range (0001-01-01 … 9999-12-31).
    package init(proto: Google_Protobuf_Timestamp) throws(FirestoreError) {
        try self.init(seconds: proto.seconds, nanoseconds: proto.nanos)
    }

    /// The wire form of this timestamp.
    package var proto: Google_Protobuf_Timestamp {
        var result = Google_Protobuf_Timestamp()
        result.seconds = seconds
        result.nanos = nanoseconds
        return result
    }
}
