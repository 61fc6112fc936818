/// A trigger's document pattern, as Cloud Functions writes it: `users/{userId}`,
/// `groups/{groupId}/members/{memberId}`, `logs/{rest=**}`. `{name}` (or `{name=*}`) binds one
/// segment, `{name=**}` binds every remaining segment (at least one), literal segments must match.
package struct DocumentPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of the pattern.
    package enum Segment: Sendable, Hashable {
        /// This exact id.
        case literal(String)
        /// Any one id, bound to `name` (nil for an unnamed `*`).
        case single(String?)
        /// One or more trailing ids, bound joined by `/` to `name` (nil for an unnamed `**`).
        case rest(String?)
    }

    /// The segments, in order.
    package let segments: [Segment]
    /// The pattern as written (without leading or trailing slashes).
    package let description: String

    /// Parses `pattern`.
    /// - Throws: `INVALID_ARGUMENT` for an empty pattern, an empty segment, a `**` that is not last,
    ///   a wildcard named twice, or a pattern without `**` that names a collection instead of a
    ///   document (an odd number of segments).
    package init(_ pattern: String) throws(FirestoreError) {
        let trimmed = pattern.trimmingSlashes()
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !trimmed.isEmpty, !parts.contains("") else {
            throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": segments must not be empty.")
        }
        var segments: [Segment] = []
        var names = Set<String>()
        for (index, part) in parts.enumerated() {
            let segment = try Self.segment(part, in: pattern)
            if case .rest = segment, index != parts.count - 1 {
                throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": only the last segment may be \"**\".")
            }
            if let name = segment.name, !names.insert(name).inserted {
                throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": wildcard {\(name)} appears twice.")
            }
            segments.append(segment)
        }
        if case .rest = segments.last {} else if segments.count % 2 != 0 {
            throw FirestoreError(
                .invalidArgument,
                "Invalid document pattern \"\(pattern)\": it names a collection; a trigger's pattern must name documents "
                    + "(an even number of segments, or end in {name=**}).")
        }
        self.segments = segments
        self.description = trimmed
    }

    /// Whether `path` (a document path relative to the database) matches; `match(_:)` without
    /// building the wildcard values (what a trigger checks for every change of every commit).
    package func matches(_ path: ResourcePath) -> Bool {
        let ids = path.segments
        for (index, segment) in segments.enumerated() {
            guard index < ids.count else { return false }
            switch segment {
            case .literal(let id): guard ids[index] == id else { return false }
            case .single: continue
            case .rest: return true
            }
        }
        return ids.count == segments.count
    }

    /// The wildcard values when `path` (a document path relative to the database) matches, else nil.
    package func match(_ path: ResourcePath) -> [String: String]? {
        var params: [String: String] = [:]
        let ids = path.segments
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let id):
                guard index < ids.count, ids[index] == id else { return nil }
            case .single(let name):
                guard index < ids.count else { return nil }
                if let name { params[name] = ids[index] }
            case .rest(let name):
                guard index < ids.count else { return nil }
                if let name { params[name] = ids[index...].joined(separator: "/") }
                return params
            }
        }
        return ids.count == segments.count ? params : nil
    }

    private static func segment(_ part: String, in pattern: String) throws(FirestoreError) -> Segment {
        if part == "*" { return .single(nil) }
        if part == "**" { return .rest(nil) }
        guard part.hasPrefix("{") else {
            guard !part.contains("{"), !part.contains("}"), !part.contains("*") else {
                throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": bad segment \"\(part)\".")
            }
            return .literal(part)
        }
        guard part.hasSuffix("}"), part.count > 2 else {
            throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": unclosed wildcard \"\(part)\".")
        }
        let inner = part.dropFirst().dropLast()
        let pieces = inner.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = pieces[0]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": bad wildcard name in \"\(part)\".")
        }
        switch pieces.count == 2 ? pieces[1] : "*" {
        case "*": return .single(name)
        case "**": return .rest(name)
        default:
            throw FirestoreError(.invalidArgument, "Invalid document pattern \"\(pattern)\": a wildcard matches * or **, not \"\(pieces[1])\".")
        }
    }
}

extension DocumentPattern.Segment {
    /// The wildcard's name, if it binds one.
    var name: String? {
        switch self {
        case .literal: nil
        case .single(let name), .rest(let name): name
        }
    }
}

private extension String {
    func trimmingSlashes() -> String {
        var text = Substring(self)
        while text.first == "/" { text = text.dropFirst() }
        while text.last == "/" { text = text.dropLast() }
        return String(text)
    }
}
