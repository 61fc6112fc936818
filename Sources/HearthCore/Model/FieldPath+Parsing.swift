extension FieldPath {
    /// Parses the wire / mask format: segments separated by `.`, each simple (`[A-Za-z_][A-Za-z0-9_]*`)
    /// or quoted in backticks, where `` \` `` and `\\` are the only escapes (`` `a` `` is the same as `a`).
    /// - Throws: `INVALID_ARGUMENT` naming the path for an empty path or segment, an unclosed quote,
    ///   an unknown escape, a character outside a simple segment, or more than 1,500 bytes.
    package init(serverFormat string: String) throws(FirestoreError) {
        var parser = ServerFormatParser(text: string)
        try self.init(validatingSegments: parser.parse())
    }

    /// Parses an SDK-style string path: split on `.` with no quoting (`"a.b"` is `["a", "b"]`).
    /// - Throws: `INVALID_ARGUMENT` with the SDKs' messages for empty segments and the characters `~*/[]`.
    package init(dotted string: String) throws(FirestoreError) {
        let forbidden: Set<UInt8> = [UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "["),
                                     UInt8(ascii: "]")]
        if string.utf8.contains(where: { forbidden.contains($0) }) {
            throw FirestoreError(
                .invalidArgument,
                "Invalid field path (\(MessageText.display(string))). Paths must not contain '~', '*', '/', '[', or ']'")
        }
        let pieces = string.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if string.utf8.isEmpty || pieces.contains(where: { $0.isEmpty }) {
            throw FirestoreError(
                .invalidArgument,
                "Invalid field path (\(MessageText.display(string))). Paths must not be empty, begin with '.', "
                    + "end with '.', or contain '..'")
        }
        try self.init(validatingSegments: pieces.map { String(decoding: $0, as: UTF8.self) })
    }
}

/// A one-pass parser over the UTF-8 bytes of a server-format field path.
private struct ServerFormatParser {
    let text: String
    let bytes: [UInt8]
    var index = 0

    init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    mutating func parse() throws(FirestoreError) -> [String] {
        guard !bytes.isEmpty else { throw failure("Paths must not be empty.") }
        var segments: [String] = []
        while true {
            segments.append(try parseSegment())
            if index == bytes.count { return segments }
            guard bytes[index] == UInt8(ascii: ".") else { throw unexpectedCharacter() }
            index += 1
        }
    }

    private mutating func parseSegment() throws(FirestoreError) -> String {
        guard index < bytes.count, bytes[index] != UInt8(ascii: ".") else {
            throw failure("Paths must not be empty, begin with '.', end with '.', or contain '..'.")
        }
        if bytes[index] == UInt8(ascii: "`") { return try parseQuoted() }
        let start = index
        while index < bytes.count, FieldPath.isIdentifierByte(bytes[index], isFirst: index == start) {
            index += 1
        }
        guard index > start else { throw unexpectedCharacter() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseQuoted() throws(FirestoreError) -> String {
        index += 1  // the opening backtick
        var segment: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`") {
                index += 1
                guard !segment.isEmpty else { throw failure("Quoted segments must not be empty.") }
                return String(decoding: segment, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                guard escaped == UInt8(ascii: "`") || escaped == UInt8(ascii: "\\") else {
                    index += 1
                    throw failure("Only \\` and \\\\ may be escaped inside backticks, but found \\\(character()).")
                }
                segment.append(escaped)
                index += 2
            } else {
                segment.append(byte)
                index += 1
            }
        }
        throw failure("A segment opened with a backtick is not closed.")
    }

    /// The character starting at `index`, for messages.
    private func character() -> String {
        String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first.map { String($0) } ?? ""
    }

    private func unexpectedCharacter() -> FirestoreError {
        failure(
            "Unexpected character '\(character())' at byte \(index); segments that are not simple identifiers "
                + "([A-Za-z_][A-Za-z0-9_]*) must be quoted with backticks.")
    }

    private func failure(_ reason: String) -> FirestoreError {
        FirestoreError(.invalidArgument, "Invalid field path (\(MessageText.display(text))). \(reason)")
    }
}

extension FieldPath {
    /// True when `byte` may appear in a simple segment at this position (`[A-Za-z_]` first, then also digits).
    static func isIdentifierByte(_ byte: UInt8, isFirst: Bool) -> Bool {
        let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        return isLetter || (!isFirst && byte >= 0x30 && byte <= 0x39)
    }
}
