extension PipelineFunctions {
    // MARK: Searching, splitting, joining and rewriting strings (and bytes)

    /// The largest string or bytes value `string_repeat` builds (Firestore's limit on a field value).
    static let largestText = 1_048_487

    static let text: [String: Function] = [
        "string_index_of": values(2...2) { values in
            textOrBytes("string_index_of", values) { isText, parts in
                if parts[1].isEmpty { return .value(.integer(0)) }
                guard let offset = occurrences(of: parts[1], in: parts[0], limit: 1).first else { return .value(.integer(-1)) }
                // A string's index counts code points: the lead bytes before the match.
                let index = isText ? parts[0][..<offset].filter { $0 & 0xC0 != 0x80 }.count : offset
                return .value(.integer(Int64(index)))
            }
        },
        "string_repeat": values(2...2) { values in
            guard case .integer(let times) = values[1] else { return wrongType("string_repeat", values[1]) }
            guard times >= 0 else { return .error("Function string_repeat takes a non-negative count, not \(times).") }
            return textOrBytes("string_repeat", [values[0]]) { isText, parts in
                let (size, overflow) = Int64(parts[0].count).multipliedReportingOverflow(by: times)
                guard !overflow, size <= largestText else {
                    return .error("Function string_repeat would build a value larger than \(largestText) bytes.")
                }
                var result: [UInt8] = []
                result.reserveCapacity(Int(size))
                for _ in 0..<times { result += parts[0] }
                return .value(textOrBytesValue(result, isText: isText))
            }
        },
        "string_replace_all": replacing("string_replace_all", limit: .max),
        "string_replace_one": replacing("string_replace_one", limit: 1),
        "split": values(1...2) { values in
            if values.count == 1, case .bytes = values[0] { return .error("Function split needs a delimiter for bytes.") }
            let parts = values.count == 2 ? values : [values[0], .string(",")]
            return textOrBytes("split", parts) { isText, parts in
                let (input, delimiter) = (parts[0], parts[1])
                if input.isEmpty { return .value(.array([textOrBytesValue([], isText: isText)])) }
                if delimiter.isEmpty {
                    if isText, case .string(let text) = values[0] {
                        return .value(.array(text.unicodeScalars.map { .string(String($0)) }))
                    }
                    return .value(.array(input.map { .bytes([$0]) }))
                }
                var pieces: [Value] = []
                var start = 0
                for offset in occurrences(of: delimiter, in: input, limit: .max) {
                    pieces.append(textOrBytesValue(Array(input[start..<offset]), isText: isText))
                    start = offset + delimiter.count
                }
                pieces.append(textOrBytesValue(Array(input[start...]), isText: isText))
                return .value(.array(pieces))
            }
        },
        "join": values(2...3) { values in
            guard case .array(let elements) = values[0] else { return wrongType("join", values[0]) }
            let separators = Array(values.dropFirst())
            return textOrBytes("join", separators) { isText, parts in
                var joined: [UInt8] = []
                var first = true
                for element in elements {
                    var piece: [UInt8]
                    switch (element, isText) {
                    case (.null, _):
                        guard parts.count == 2 else { continue }
                        piece = parts[1]
                    case (.string(let text), true): piece = Array(text.utf8)
                    case (.bytes(let bytes), false): piece = bytes
                    default: return .error("Function join takes an array of all strings or all bytes, like its delimiter.")
                    }
                    if !first { joined += parts[0] }
                    joined += piece
                    first = false
                }
                return .value(textOrBytesValue(joined, isText: isText))
            }
        },
        "like": twoStrings("like") { text, pattern in
            guard let tokens = likeTokens(pattern) else { return .error("Function like: the pattern ends with an escape (\\).") }
            return .value(.boolean(like(Array(text.unicodeScalars), tokens)))
        },
        "regex_find": twoStrings("regex_find") { text, pattern in
            guard let compiled = try? Regex(pattern) else { return .error("Invalid regular expression: \(pattern)") }
            guard let match = try? compiled.firstMatch(in: text) else { return .value(.null) }
            return .value(.string(String(text[match.range])))
        },
        "regex_find_all": twoStrings("regex_find_all") { text, pattern in
            guard let compiled = try? Regex(pattern) else { return .error("Invalid regular expression: \(pattern)") }
            return .value(.array(text.matches(of: compiled).map { .string(String(text[$0.range])) }))
        },
    ]

    /// `string_replace_all` / `string_replace_one`: up to `limit` occurrences of the second
    /// argument replaced by the third (an empty one replaces nothing).
    static func replacing(_ name: String, limit: Int) -> Function {
        values(3...3) { values in
            textOrBytes(name, values) { isText, parts in
                let (input, find, replacement) = (parts[0], parts[1], parts[2])
                var result: [UInt8] = []
                var start = 0
                for offset in occurrences(of: find, in: input, limit: limit) {
                    result += input[start..<offset]
                    result += replacement
                    start = offset + find.count
                }
                result += input[start...]
                return .value(textOrBytesValue(result, isText: isText))
            }
        }
    }

    /// Runs `body` on the values' UTF-8 (strings) or bytes, and whether they are strings: all of
    /// them must be strings, or all bytes.
    static func textOrBytes(
        _ name: String, _ values: [Value], _ body: (Bool, [[UInt8]]) -> PipelineOutcome
    ) -> PipelineOutcome {
        guard let first = values.first else { return .error("Function \(name) needs a string or bytes.") }
        let isText: Bool
        switch first {
        case .string: isText = true
        case .bytes: isText = false
        default: return wrongType(name, first)
        }
        var parts: [[UInt8]] = []
        for value in values {
            switch (value, isText) {
            case (.string(let text), true): parts.append(Array(text.utf8))
            case (.bytes(let bytes), false): parts.append(bytes)
            case (.string, false), (.bytes, true): return .error("Function \(name) takes all strings or all bytes.")
            default: return wrongType(name, value)
            }
        }
        return body(isText, parts)
    }

    /// A string (from UTF-8 cut at code point boundaries) or bytes.
    static func textOrBytesValue(_ bytes: [UInt8], isText: Bool) -> Value {
        isText ? .string(String(decoding: bytes, as: UTF8.self)) : .bytes(bytes)
    }

    /// Where `needle` starts in `haystack`, left to right, without overlaps, at most `limit`
    /// times (an empty needle is found nowhere). Matches of valid UTF-8 in valid UTF-8 begin and
    /// end at code point boundaries.
    static func occurrences(of needle: [UInt8], in haystack: [UInt8], limit: Int) -> [Int] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        var found: [Int] = []
        var offset = 0
        while offset <= haystack.count - needle.count, found.count < limit {
            if haystack[offset] == needle[0], haystack[offset..<(offset + needle.count)].elementsEqual(needle) {
                found.append(offset)
                offset += needle.count
            } else {
                offset += 1
            }
        }
        return found
    }

    /// One element of a `like` pattern.
    enum LikeToken: Equatable {
        /// `%`: any run of code points.
        case anyRun
        /// `_`: one code point.
        case one
        /// A code point itself (`\` makes the next one literal).
        case literal(Unicode.Scalar)
    }

    /// A `like` pattern's tokens; nil when it ends with a lone `\`.
    static func likeTokens(_ pattern: String) -> [LikeToken]? {
        var tokens: [LikeToken] = []
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                tokens.append(.literal(scalar))
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "%": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "_": tokens.append(.one)
            default: tokens.append(.literal(scalar))
            }
        }
        return escaped ? nil : tokens
    }

    /// Whether all of `text` matches `tokens` (dynamic programming over the pattern).
    static func like(_ text: [Unicode.Scalar], _ tokens: [LikeToken]) -> Bool {
        // matches[j]: the text so far matches the first j tokens.
        var matches = [Bool](repeating: false, count: tokens.count + 1)
        matches[0] = true
        for j in tokens.indices where tokens[j] == .anyRun { matches[j + 1] = matches[j] }
        for scalar in text {
            var next = [Bool](repeating: false, count: tokens.count + 1)
            for j in tokens.indices {
                switch tokens[j] {
                case .anyRun: next[j + 1] = next[j] || matches[j + 1]
                case .one: next[j + 1] = matches[j]
                case .literal(let wanted): next[j + 1] = matches[j] && wanted == scalar
                }
            }
            matches = next
        }
        return matches[tokens.count]
    }
}
