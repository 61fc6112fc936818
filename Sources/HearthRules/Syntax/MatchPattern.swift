/// A match path such as `/cities/{city}/{rest=**}`, with version-dependent matching.
struct MatchPattern: Sendable, Equatable, CustomStringConvertible {
    /// One segment of a pattern.
    enum Segment: Sendable, Equatable {
        /// Matches exactly this text.
        case literal(String)
        /// `{name}`: matches one segment, bound as a string.
        case wildcard(String)
        /// `{name=**}`: matches a run of segments (v2: zero or more; v1: one or more), bound as a path.
        case recursiveWildcard(String)
    }

    /// The segments in order.
    let segments: [Segment]
    /// The file's version, which decides how many segments a recursive wildcard needs.
    let version: RulesVersion

    /// The wildcard names this pattern binds, in order.
    var variableNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .literal: nil
            case .wildcard(let name), .recursiveWildcard(let name): name
            }
        }
    }

    /// This pattern followed by `other` (a nested block's pattern).
    func appending(_ other: MatchPattern) -> MatchPattern {
        MatchPattern(segments: segments + other.segments, version: version)
    }

    /// Every way this pattern can match a prefix of `path`, with its bindings and the unmatched rest.
    func prefixMatches(_ path: ArraySlice<String>) -> [PatternMatch] {
        if let single = onePassMatch(path) { return single }
        var results: [PatternMatch] = []
        collect(from: 0, path: path, bindings: [:], into: &results)
        return results
    }

    /// True when a segment is `{name=**}` (matching needs backtracking).
    private var hasRecursiveWildcard: Bool {
        segments.contains { if case .recursiveWildcard = $0 { true } else { false } }
    }

    /// Without a recursive wildcard a pattern matches at most one way: the match (or none)
    /// found in one pass; nil when the pattern has a recursive wildcard and needs backtracking.
    private func onePassMatch(_ path: ArraySlice<String>) -> [PatternMatch]? {
        if hasRecursiveWildcard { return nil }
        guard path.count >= segments.count else { return [] }
        var bindings: [String: MatchBinding] = [:]
        var position = path.startIndex
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard path[position] == text else { return [] }
            case .wildcard(let name):
                bindings[name] = .segment(path[position])
            case .recursiveWildcard:
                return nil
            }
            position += 1
        }
        return [PatternMatch(bindings: bindings, rest: path[position...])]
    }

    /// The bindings if this pattern matches all of `path`, else nil.
    func completeMatch(_ path: ArraySlice<String>) -> [String: MatchBinding]? {
        prefixMatches(path).first { $0.rest.isEmpty }?.bindings
    }

    /// Backtracking matcher: extends a partial match from pattern segment `index`.
    private func collect(
        from index: Int, path: ArraySlice<String>, bindings: [String: MatchBinding], into results: inout [PatternMatch]
    ) {
        guard index < segments.count else {
            results.append(PatternMatch(bindings: bindings, rest: path))
            return
        }
        switch segments[index] {
        case .literal(let text):
            guard path.first == text else { return }
            collect(from: index + 1, path: path.dropFirst(), bindings: bindings, into: &results)
        case .wildcard(let name):
            guard let first = path.first else { return }
            var extended = bindings
            extended[name] = .segment(first)
            collect(from: index + 1, path: path.dropFirst(), bindings: extended, into: &results)
        case .recursiveWildcard(let name):
            let minimum = version == .v1 ? 1 : 0
            for count in stride(from: minimum, through: path.count, by: 1) {
                var extended = bindings
                extended[name] = .path(Array(path.prefix(count)))
                collect(from: index + 1, path: path.dropFirst(count), bindings: extended, into: &results)
            }
        }
    }

    /// Renders the pattern as written: `/cities/{city}/{rest=**}`.
    var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .wildcard(let name): "/{\(name)}"
            case .recursiveWildcard(let name): "/{\(name)=**}"
            }
        }.joined()
    }
}

/// One way a pattern matched the front of a path.
struct PatternMatch: Sendable, Equatable {
    /// The wildcard values bound by the pattern.
    let bindings: [String: MatchBinding]
    /// The path segments after the matched prefix.
    let rest: ArraySlice<String>
}

/// The value a wildcard binds.
enum MatchBinding: Sendable, Equatable {
    /// `{name}`: one segment, a string.
    case segment(String)
    /// `{name=**}`: the matched segments, a path (possibly empty in version 2).
    case path([String])
}
