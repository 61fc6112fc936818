// Full-text matching for the `search` stage's `document_matches(query)`.
//
// A document's text is every string it holds (in maps and arrays too; not field names), cut into
// words at every character that is neither a letter nor a digit, lowercased, and reduced by a
// light English plural stemmer ("tacos" and "taco" are one word). The query language is the one
// Firestore documents for text search:
//
//   waffles pancakes        both words (terms side by side must all match)
//   waffles OR pancakes     either word (OR binds tighter than the implied AND)
//   -waffles                documents without the word
//   "belgian waffles"       the words next to each other, in this order, in one string
//   (waffles OR crepes) -x  parentheses group
//
// Scoring (`score()`): each positive term (a word or phrase not under `-`) contributes
// tf / (tf + 1) for its tf occurrences, averaged over the positive terms, so a score lies in
// [0, 1): more occurrences of more of the terms score higher. See specs/pipelines.md.

/// A document's words, per string, for matching and scoring.
struct SearchDocument: Sendable {
    /// The words of each string the document holds.
    let strings: [[String]]
    /// How often each word occurs.
    let counts: [String: Int]

    /// The words of `fields`.
    init(_ fields: [String: Value]) {
        var strings: [[String]] = []
        func collect(_ value: Value) {
            switch value {
            case .string(let text): strings.append(SearchText.words(text))
            case .array(let elements): elements.forEach(collect)
            case .map(let members): members.values.forEach(collect)
            default: break
            }
        }
        fields.values.forEach(collect)
        var counts: [String: Int] = [:]
        for words in strings { for word in words { counts[word, default: 0] += 1 } }
        self.strings = strings
        self.counts = counts
    }

    /// How often `phrase` (one or more words) occurs within one string.
    func occurrences(of phrase: [String]) -> Int {
        guard let first = phrase.first else { return 0 }
        if phrase.count == 1 { return counts[first] ?? 0 }
        var found = 0
        for words in strings where words.count >= phrase.count {
            for start in 0...(words.count - phrase.count) where words[start] == first {
                if Array(words[start..<(start + phrase.count)]) == phrase { found += 1 }
            }
        }
        return found
    }
}

/// The search query language: parsing, matching and scoring.
enum SearchText {
    /// A parsed query.
    indirect enum Query: Sendable, Equatable {
        /// Words that must occur next to each other (one word: anywhere).
        case phrase([String])
        /// Not the query.
        case not(Query)
        /// Every query.
        case all([Query])
        /// At least one query.
        case any([Query])
    }

    /// The words of `text`, lowercased and stemmed.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(stem(current.lowercased()))
                current = ""
            }
        }
        if !current.isEmpty { words.append(stem(current.lowercased())) }
        return words
    }

    /// A light plural stemmer: "berries" → "berry", "boxes" → "box", "tacos" → "taco".
    static func stem(_ word: String) -> String {
        guard word.count > 3, word.last == "s", !word.hasSuffix("ss") else { return word }
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        for suffix in ["ches", "shes", "xes", "zes", "sses"] where word.hasSuffix(suffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// Parses a query; unbalanced quotes and parentheses close at the end.
    /// - Throws: `INVALID_ARGUMENT` for a query with no words.
    static func parse(_ text: String) throws(FirestoreError) -> Query {
        var parser = Parser(tokens: lex(text))
        var parts = [parser.sequence()]
        while parser.position < parser.tokens.count {  // a stray ")" is skipped
            parser.position += 1
            parts.append(parser.sequence())
        }
        let query = parts.count == 1 ? parts[0] : .all(parts)
        guard query.hasTerms else {
            throw FirestoreError(.invalidArgument, "document_matches needs a query with at least one word, not \"\(text)\".")
        }
        return query
    }

    /// Whether `document` matches `query`.
    static func matches(_ query: Query, _ document: SearchDocument) -> Bool {
        switch query {
        case .phrase(let words): document.occurrences(of: words) > 0
        case .not(let inner): !matches(inner, document)
        case .all(let parts): parts.allSatisfy { matches($0, document) }
        case .any(let parts): parts.contains { matches($0, document) }
        }
    }

    /// The score of `document` for `queries` (0 with no positive terms).
    static func score(_ queries: [Query], _ document: SearchDocument) -> Double {
        var terms: [[String]] = []
        for query in queries { query.collectPositive(into: &terms) }
        guard !terms.isEmpty else { return 0 }
        var total = 0.0
        for term in terms {
            let frequency = Double(document.occurrences(of: term))
            total += frequency / (frequency + 1)
        }
        return total / Double(terms.count)
    }

    // MARK: Lexing and parsing

    private enum Token: Equatable {
        case words([String]), or, minus, open, close
    }

    private static func lex(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "\"" {
                let start = text.index(after: index)
                let end = text[start...].firstIndex(of: "\"") ?? text.endIndex
                tokens.append(.words(words(String(text[start..<end]))))
                index = end < text.endIndex ? text.index(after: end) : end
            } else if character == "(" || character == ")" {
                tokens.append(character == "(" ? .open : .close)
                index = text.index(after: index)
            } else if character == "-", text.index(after: index) < text.endIndex, !text[text.index(after: index)].isWhitespace {
                tokens.append(.minus)
                index = text.index(after: index)
            } else {
                var end = index
                while end < text.endIndex, !text[end].isWhitespace, !"\"()".contains(text[end]) { end = text.index(after: end) }
                let raw = String(text[index..<end])
                if raw == "OR" { tokens.append(.or) } else if raw != "AND" { tokens.append(.words(words(raw))) }
                index = end
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        var position = 0

        init(tokens: [Token]) { self.tokens = tokens }

        /// Terms until the end or a closing parenthesis, all required.
        mutating func sequence() -> Query {
            var parts: [Query] = []
            while position < tokens.count, tokens[position] != .close {
                if let part = disjunction() { parts.append(part) }
            }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        /// Units joined by OR.
        mutating func disjunction() -> Query? {
            var parts: [Query] = []
            if let first = unit() { parts.append(first) }
            while position < tokens.count, tokens[position] == .or {
                position += 1
                if let next = unit() { parts.append(next) }
            }
            if parts.isEmpty { return nil }
            return parts.count == 1 ? parts[0] : .any(parts)
        }

        /// A phrase, a negated unit or a group (nil for a stray token or an empty phrase).
        mutating func unit() -> Query? {
            guard position < tokens.count else { return nil }
            let token = tokens[position]
            position += 1
            switch token {
            case .words(let words): return words.isEmpty ? nil : .phrase(words)
            case .minus: return unit().map(Query.not)
            case .open:
                let inner = sequence()
                if position < tokens.count, tokens[position] == .close { position += 1 }
                return inner
            case .or, .close: return nil
            }
        }
    }
}

extension SearchText.Query {
    /// Whether the query names any word.
    var hasTerms: Bool {
        switch self {
        case .phrase(let words): !words.isEmpty
        case .not(let inner): inner.hasTerms
        case .all(let parts), .any(let parts): parts.contains(where: \.hasTerms)
        }
    }

    /// The words and phrases not under a `-`.
    func collectPositive(into terms: inout [[String]]) {
        switch self {
        case .phrase(let words): terms.append(words)
        case .not: break
        case .all(let parts), .any(let parts): for part in parts { part.collectPositive(into: &terms) }
        }
    }
}
