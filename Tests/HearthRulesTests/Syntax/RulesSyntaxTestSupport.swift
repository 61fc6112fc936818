@testable import HearthRules

/// Helpers shared by the syntax test suites.
enum RulesSyntaxTestSupport {
    /// Wraps match-block content in the standard v2 preamble used by the fact sheet's examples.
    static func wrapped(_ inner: String, version: String? = "2") -> String {
        let preamble = version.map { "rules_version = '\($0)';\n" } ?? ""
        return preamble + "service cloud.firestore {\n  match /databases/{database}/documents {\n"
            + inner + "\n  }\n}\n"
    }

    /// Parses `source`, returning the error it throws (nil when it parses).
    static func parseError(_ source: String) -> RulesSyntaxError? {
        do {
            _ = try RulesParser.parse(source)
            return nil
        } catch {
            return error
        }
    }

    /// Parses one expression as the condition of an allow statement and returns it.
    static func condition(_ expression: String) throws -> Expr {
        let file = try RulesParser.parse(wrapped("match /x/{y} { allow read: if \(expression); }"))
        guard let condition = file.matches.first?.matches.first?.allows.first?.condition else {
            throw TestFailure("no condition parsed for \(expression)")
        }
        return condition
    }

    /// The fully parenthesised form of an expression, or the error text.
    static func printed(_ expression: String) -> String {
        do {
            return try condition(expression).parenthesized
        } catch {
            return "error: \(error)"
        }
    }

    /// The token kinds of `source`, up to and excluding end of file.
    static func tokenKinds(_ source: String) throws -> [RulesTokenKind] {
        try tokens(source).map(\.kind)
    }

    /// The tokens of `source`, up to and excluding end of file.
    static func tokens(_ source: String) throws -> [RulesToken] {
        var lexer = RulesLexer(source)
        var result: [RulesToken] = []
        while true {
            let token = try lexer.nextToken()
            if token.kind == .endOfFile { return result }
            result.append(token)
        }
    }

    /// Every expression node in a file, in id order.
    static func allExpressions(in file: RulesFile) -> [Expr] {
        var roots: [Expr] = []
        /// Adds function bodies and bindings.
        func addFunctions(_ functions: [FunctionDecl]) {
            for function in functions {
                roots += function.bindings.map(\.value)
                roots.append(function.body)
            }
        }
        /// Adds match blocks recursively.
        func addBlocks(_ blocks: [MatchBlock]) {
            for block in blocks {
                addFunctions(block.functions)
                roots += block.allows.compactMap(\.condition)
                addBlocks(block.matches)
            }
        }
        addFunctions(file.functions)
        addFunctions(file.serviceFunctions)
        addBlocks(file.matches)
        var all: [Expr] = []
        /// Collects a tree in pre-order.
        func walk(_ expression: Expr) {
            all.append(expression)
            expression.kind.children.forEach(walk)
        }
        roots.forEach(walk)
        return all.sorted { $0.id < $1.id }
    }
}

/// A test-side failure with a message.
struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    /// Creates a failure.
    init(_ description: String) {
        self.description = description
    }
}
