import Testing
@testable import HearthRules

/// Property test: the parser returns or throws, quickly, on thousands of random and mutated files.
@Suite struct RulesFuzzTests {
    /// Valid files the mutations start from.
    static let seeds: [String] = [
        RulesDeclarationTests.fullFile,
        RulesSyntaxTestSupport.wrapped("match /users/{userId} { allow read, write: if request.auth != null && request.auth.uid == userId; }"),
        RulesSyntaxTestSupport.wrapped("""
            match /stories/{story} {
              function isOneOfRoles(rsc, array) {
                return request.auth != null && (rsc.data.roles[request.auth.uid] in array);
              }
              allow read: if isOneOfRoles(resource, ['owner', 'writer', 'commenter', 'reader']);
              match /comments/{comment} {
                allow create: if isOneOfRoles(get(/databases/$(database)/documents/stories/$(story)), ['owner'])
                              && request.resource.data.user == request.auth.uid;
              }
            }
            """),
        RulesSyntaxTestSupport.wrapped("""
            match /{path=**}/posts/{post} { allow read: if request.time < timestamp.date(2030, 1, 1); }
            match /p/{id} {
              allow create: if request.resource.data.tags.hasOnly(['news', "tech"]) && x[1:2] == b'\\x2A'
                            && (a ? -1.5e3 : 0x1F) is number && !('k' in {'k': [1, 2,], "v": null});
            }
            """),
        """
        service cloud.firestore {
          function unchanged(key) {
            return (key in resource.data) && (resource.data[key] == request.resource.data[key]);
          }
          match /databases/{database}/documents {
            match /{document=**} {
              allow read: if true;
              allow update: if (request.resource.data.keys() == resource.data.keys()) && unchanged("name");
            }
          }
        }
        """,
    ]

    /// Fragments random files are built from and mutations insert.
    static let fragments: [String] = [
        "rules_version", "=", "'2'", ";", "service", "cloud", ".", "firestore", "{", "}", "match", "/", "{x}",
        "{y=**}", "$(", ")", "(", "allow", "read", "write", ",", ":", "if", "function", "let", "return", "true",
        "false", "null", "in", "is", "int", "&&", "||", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "%", "!",
        "?", "[", "]", "0", "42", "9223372036854775808", "1.5e3", "1e", "0x", "'str'", "\"dq\"", "'\\u00e9'", "'\\x",
        "b'\\052'", "r'raw'", "'''", "//", "/*", "*/", "\n", " ", "\t", "é", "😀", "\u{0}", "\\", "'", "\"",
        "request.auth.uid", "get(/databases/$(database)/documents/a/$(b))", "(default)", "a.b(c)[d:e]",
    ]

    /// The largest time one parse may take before the test calls it a hang.
    /// A bound that catches hangs and exponential blow-ups, not a speed measurement (a loaded
    /// 2-core runner once took 2.9 s on an input that normally parses in milliseconds).
    static let timeBound = Duration.seconds(30)

    /// Parses one input, checking it returns or throws in time and that results are well formed.
    static func check(_ source: String, label: String) {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let file = try RulesParser.parse(source)
            let ids = RulesSyntaxTestSupport.allExpressions(in: file).map(\.id)
            #expect(ids == Array(0..<file.expressionCount), "ids of \(label)")
        } catch {
            #expect(error.line >= 1 && error.column >= 1, "location of \(label)")
            #expect(error.message.hasPrefix("expected") || error.message.contains("out of range"), "\(error)")
        }
        let elapsed = clock.now - start
        #expect(elapsed < timeBound, "\(label) took \(elapsed)")
    }

    /// One mutation of `source`.
    static func mutate(_ source: String, using random: inout SplitMix64) -> String {
        var scalars = Array(source.unicodeScalars)
        let position = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            scalars.removeSubrange(position...)
        case 1 where !scalars.isEmpty:
            let byte = UInt8.random(in: 0...127, using: &random)
            scalars[position] = Unicode.Scalar(byte)
        case 2:
            let fragment = fragments.randomElement(using: &random) ?? ""
            scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
        case 3 where !scalars.isEmpty:
            let end = min(scalars.count, position + Int.random(in: 1...20, using: &random))
            scalars.removeSubrange(position..<end)
        case 4 where !scalars.isEmpty:
            let end = min(scalars.count, position + Int.random(in: 1...40, using: &random))
            scalars.insert(contentsOf: scalars[position..<end], at: position)
        case 5:
            let value = UInt32.random(in: 0...0x10FFFF, using: &random)
            scalars.insert(Unicode.Scalar(value) ?? "?", at: position)
        default:
            let depth = Int.random(in: 1...3_000, using: &random)
            let open = ["(", "[", "{'k':", "!", "-", "f(", "/a/$(", "a ? b : "].randomElement(using: &random) ?? "("
            scalars.insert(contentsOf: String(repeating: open, count: depth).unicodeScalars, at: position)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// A file of random fragments.
    static func soup(using random: inout SplitMix64) -> String {
        let count = Int.random(in: 0...300, using: &random)
        return (0..<count).map { _ in fragments.randomElement(using: &random) ?? "" }.joined(separator: " ")
    }

    /// A valid-looking file with one huge literal or a deep structure.
    static func extreme(_ index: Int, using random: inout SplitMix64) -> String {
        let size = Int.random(in: 1_000...120_000, using: &random)
        let expression: String
        switch index % 6 {
        case 0: expression = "'" + String(repeating: "x", count: size) + "'"
        case 1: expression = String(repeating: "9", count: size)
        case 2: expression = "[" + Array(repeating: "1", count: size / 3).joined(separator: ",") + "]"
        case 3: expression = Array(repeating: "a", count: size / 5).joined(separator: " || ")
        case 4: expression = "/" + Array(repeating: "s", count: size / 2).joined(separator: "/")
        default: expression = "b'" + String(repeating: "\\x41", count: size / 4) + "'"
        }
        return RulesSyntaxTestSupport.wrapped("match /x/{y} { allow read: if \(expression); }")
    }

    /// 3,600 inputs: mutated seeds (one to eight mutations each), random soups, and extremes.
    @Test func parserAlwaysReturnsOrThrows() {
        var random = SplitMix64(seed: 0x4845_4152_5448)
        var count = 0
        for round in 0..<2_400 {
            var source = Self.seeds[round % Self.seeds.count]
            for _ in 0..<Int.random(in: 1...8, using: &random) { source = Self.mutate(source, using: &random) }
            Self.check(source, label: "mutation \(round)")
            count += 1
        }
        for round in 0..<1_100 {
            Self.check(Self.soup(using: &random), label: "soup \(round)")
            count += 1
        }
        for round in 0..<100 {
            Self.check(Self.extreme(round, using: &random), label: "extreme \(round)")
            count += 1
        }
        for seed in Self.seeds { Self.check(seed, label: "seed") }
        #expect(count >= 3_000)
    }

    /// The valid seeds themselves parse.
    @Test func seedsParse() throws {
        for seed in Self.seeds { _ = try RulesParser.parse(seed) }
    }
}
