import Testing
@testable import HearthRules

/// Malformed files: each must fail with the right line, column and message.
@Suite struct RulesParserErrorTests {
    /// One malformed file and the error it must produce.
    struct Case: Sendable, CustomStringConvertible {
        /// A short name for the report.
        let name: String
        /// The rules source.
        let source: String
        /// Expected line.
        let line: Int
        /// Expected column.
        let column: Int
        /// Expected message.
        let message: String

        /// The name, for test output.
        var description: String { name }
    }

    /// The malformed files.
    static let cases: [Case] = [
        Case(
            name: "missing semicolon in function", source: """
                service cloud.firestore {
                  match /a/{b} {
                    function f() {
                      return 1 allow read;
                    }
                  }
                }
                """, line: 4, column: 16, message: "expected ';' or '}', found 'allow'"),
        Case(
            name: "junk after condition", source: """
                rules_version = '2';
                service cloud.firestore {
                  match /a/{b} {
                    allow read: if true x;
                  }
                }
                """, line: 4, column: 25, message: "expected ';' or '}', found 'x'"),
        Case(
            name: "unknown method", source: """
                service cloud.firestore {
                  match /a/{b} {
                    allow reed: if true;
                  }
                }
                """, line: 3, column: 11,
            message: "expected an allow method (read, write, get, list, create, update or delete), found 'reed'"),
        Case(
            name: "missing if", source: "service cloud.firestore { match /a { allow read: true; } }",
            line: 1, column: 50, message: "expected 'if', found 'true'"),
        Case(
            name: "storage service", source: "rules_version = '2';\nservice firebase.storage {\n}",
            line: 2, column: 9, message: "expected service name 'cloud.firestore', found 'firebase.storage'"),
        Case(
            name: "bad version", source: "rules_version = '3';\nservice cloud.firestore {}",
            line: 1, column: 17, message: "expected rules_version '1' or '2', found '3'"),
        Case(
            name: "version not first", source: "function f() { return 1; }\nrules_version = '2';",
            line: 2, column: 1,
            message: "expected 'function' or 'service' (rules_version must come first), found 'rules_version'"),
        Case(
            name: "no service", source: "// only a comment\nfunction f() { return 1; }\n",
            line: 3, column: 1, message: "expected 'function' or 'service', found end of file"),
        Case(
            name: "two services", source: "service cloud.firestore {}\nservice cloud.firestore {}",
            line: 2, column: 1,
            message: "expected end of file (a rules file holds one service block), found 'service'"),
        Case(
            name: "allow outside match", source: "service cloud.firestore {\n  allow read;\n}",
            line: 2, column: 3, message: "expected 'match', 'function' or '}', found 'allow'"),
        Case(
            name: "unclosed service", source: "service cloud.firestore {\n  match /a {\n  }\n",
            line: 4, column: 1, message: "expected 'match', 'function' or '}', found end of file"),
        Case(
            name: "v1 recursive wildcard in the middle", source: "service cloud.firestore {\n  match /{doc=**}/x { }\n}",
            line: 2, column: 10,
            message: "expected the recursive wildcard to be the last segment (rules_version '1'), found more"),
        Case(
            name: "v1 match nested under recursive wildcard",
            source: "service cloud.firestore {\n  match /{doc=**} {\n    match /x { }\n  }\n}",
            line: 3, column: 5,
            message: "expected no match block under a recursive wildcard (rules_version '1' needs it last), found 'match'"),
        Case(
            name: "v2 two recursive wildcards",
            source: "rules_version = '2';\nservice cloud.firestore {\n  match /{a=**}/x/{b=**} { }\n}",
            line: 3, column: 19, message: "expected at most one recursive wildcard per match path, found a second"),
        Case(
            name: "v2 recursive wildcards in nested matches",
            source: "rules_version = '2';\nservice cloud.firestore {\n  match /{a=**} {\n    match /x/{b=**} { }\n  }\n}",
            line: 4, column: 11,
            message: "expected at most one recursive wildcard across nested match paths, found a second"),
        Case(
            name: "duplicate wildcard", source: "service cloud.firestore {\n  match /{a}/{a} { }\n}",
            line: 2, column: 14, message: "expected a new wildcard name, found 'a' again"),
        Case(
            name: "interpolation in match path", source: "service cloud.firestore {\n  match /a/$(b) { }\n}",
            line: 2, column: 12, message: "expected a literal segment or wildcard, found '$('"),
        Case(
            name: "duplicate function", source: """
                service cloud.firestore {
                  function f() { return 1; }
                  function f() { return 2; }
                }
                """, line: 3, column: 3,
            message: "expected a new function name, found 'f' already declared at line 2"),
        Case(
            name: "duplicate parameter", source: "function f(a, b, a) { return a; }\nservice cloud.firestore {}",
            line: 1, column: 18, message: "expected a new parameter name, found 'a' again"),
        Case(
            name: "too many parameters",
            source: "function f(a, b, c, d, e, f, g, h) { return a; }\nservice cloud.firestore {}",
            line: 1, column: 33, message: "expected at most 7 parameters, found more"),
        Case(
            name: "let in version 1", source: "function f() {\n  let x = 1;\n  return x;\n}\nservice cloud.firestore {}",
            line: 2, column: 3, message: "expected 'return' ('let' needs rules_version '2'), found 'let'"),
        Case(
            name: "let shadows parameter",
            source: "rules_version = '2';\nfunction f(x) { let x = 1; return x; }\nservice cloud.firestore {}",
            line: 2, column: 21, message: "expected a new binding name, found 'x' already bound"),
        Case(
            name: "missing return", source: "function f() { }\nservice cloud.firestore {}",
            line: 1, column: 16, message: "expected 'let' or 'return', found '}'"),
        Case(
            name: "direct recursion", source: "function f(n) {\n  return f(n);\n}\nservice cloud.firestore {}",
            line: 2, column: 10, message: "expected a call to a non-recursive function, found a recursive call to 'f'"),
        Case(
            name: "mutual recursion", source: """
                service cloud.firestore {
                  function f() { return g(); }
                  match /a/{b} {
                    allow read: if f();
                  }
                  function g() { return 1 + f(); }
                }
                """, line: 6, column: 29,
            message: "expected a call to a non-recursive function, found a recursive call to 'f'"),
        Case(
            name: "unclosed map", source: "service cloud.firestore { match /a { allow read: if {'a': 1; } }",
            line: 1, column: 60, message: "expected ',' or '}', found ';'"),
        Case(
            name: "missing operand", source: "service cloud.firestore {\n match /a {\n  allow read: if 1 + ;\n }\n}",
            line: 3, column: 22, message: "expected an expression, found ';'"),
        Case(
            name: "single equals", source: "service cloud.firestore { match /a { allow read: if a = b; } }",
            line: 1, column: 55, message: "expected ';' or '}', found '='"),
        Case(
            name: "unknown type", source: "service cloud.firestore { match /a { allow read: if a is text; } }",
            line: 1, column: 58,
            message: "expected a type name (bool, bytes, constraint, duration, float, int, latlng, list, map, map_diff, number, path, set, string, timestamp), found 'text'"),
    ]

    /// Each malformed file fails exactly as described.
    @Test(arguments: cases)
    func malformedFile(_ testCase: Case) {
        let error = RulesSyntaxTestSupport.parseError(testCase.source)
        #expect(error == RulesSyntaxError(line: testCase.line, column: testCase.column, message: testCase.message))
    }

    /// The error renders as `line L, column C: message`.
    @Test func description() {
        let error = RulesSyntaxError(line: 4, column: 12, message: "expected ';' or '}', found 'allow'")
        #expect(error.description == "line 4, column 12: expected ';' or '}', found 'allow'")
    }
}
