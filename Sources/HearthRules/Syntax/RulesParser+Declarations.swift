/// File-level structure: `rules_version`, functions, the `service` block, `allow` statements.
extension RulesParser {
    /// `ruleset = [ version ] { function_decl } service`.
    mutating func parseFile() throws(RulesSyntaxError) -> RulesFile {
        if check(.rulesVersion) { try parseVersion() }
        var functions: [FunctionDecl] = []
        while true {
            if check(.function) {
                try Self.append(try parseFunction(), to: &functions)
            } else if check(.service) {
                break
            } else if check(.rulesVersion) {
                throw failure(expected: "'function' or 'service' (rules_version must come first)")
            } else {
                throw failure(expected: "'function' or 'service'")
            }
        }
        let service = try parseService()
        if check(.service) {
            throw failure(expected: "end of file (a rules file holds one service block)")
        }
        guard current.kind == .endOfFile else { throw failure(expected: "end of file") }
        return RulesFile(
            version: version, serviceName: service.name, functions: functions,
            serviceFunctions: service.functions, matches: service.matches,
            expressionCount: nextExpressionID)
    }

    /// `rules_version = '1' | '2' ;`.
    private mutating func parseVersion() throws(RulesSyntaxError) {
        try advance()
        try expect(.assign)
        guard case .string(let text) = current.kind else {
            throw failure(expected: "rules_version '1' or '2'")
        }
        guard let chosen = RulesVersion(rawValue: text) else {
            throw failure(expected: "rules_version '1' or '2'")
        }
        version = chosen
        try advance()
        try expect(.semicolon)
    }

    /// `service cloud.firestore { … }`: returns its functions and match blocks.
    private mutating func parseService() throws(RulesSyntaxError) -> (
        name: String, functions: [FunctionDecl], matches: [MatchBlock]
    ) {
        try advance()
        let nameStart = current.range.start
        var name = try expectIdentifier("a service name")
        while check(.dot) {
            try advance()
            name += "." + (try expectIdentifier("a service name part"))
        }
        guard name == "cloud.firestore" else {
            throw RulesSyntaxError(at: nameStart, "expected service name 'cloud.firestore', found '\(name)'")
        }
        try expect(.leftBrace)
        var functions: [FunctionDecl] = []
        var matches: [MatchBlock] = []
        while !check(.rightBrace) {
            if check(.function) {
                try Self.append(try parseFunction(), to: &functions)
            } else if check(.match) {
                matches.append(try parseMatch(in: .root))
            } else {
                throw failure(expected: "'match', 'function' or '}'")
            }
        }
        try advance()
        return (name, functions, matches)
    }

    /// Adds a function to a scope, rejecting a second function of the same name.
    static func append(_ function: FunctionDecl, to scope: inout [FunctionDecl]) throws(RulesSyntaxError) {
        if let earlier = scope.first(where: { $0.name == function.name }) {
            throw RulesSyntaxError(
                at: function.range.start,
                "expected a new function name, found '\(function.name)' already declared at line \(earlier.range.start.line)")
        }
        scope.append(function)
    }

    /// `function name(params) { let …; return expr [;] }`.
    mutating func parseFunction() throws(RulesSyntaxError) -> FunctionDecl {
        let start = current.range.start
        try advance()
        let name = try expectIdentifier("a function name")
        let parameters = try parseParameters()
        try expect(.leftBrace)
        var bindings: [LetBinding] = []
        while check(.let) {
            bindings.append(try parseLet(parameters: parameters, earlier: bindings))
        }
        guard check(.return) else { throw failure(expected: "'let' or 'return'") }
        try advance()
        let body = try parseTopExpression()
        let hadSemicolon = try consume(.semicolon)
        guard check(.rightBrace) else { throw failure(expected: hadSemicolon ? "'}'" : "';' or '}'") }
        try advance()
        return FunctionDecl(
            name: name, parameters: parameters, bindings: bindings, body: body, range: range(from: start))
    }

    /// `( [ ident { , ident } ] )`, with the limit and duplicate checks.
    private mutating func parseParameters() throws(RulesSyntaxError) -> [String] {
        try expect(.leftParen)
        var parameters: [String] = []
        if !check(.rightParen) {
            repeat {
                let position = current.range.start
                let parameter = try expectIdentifier("a parameter name")
                if parameters.contains(parameter) {
                    throw RulesSyntaxError(at: position, "expected a new parameter name, found '\(parameter)' again")
                }
                if parameters.count == RulesLimits.maxFunctionParameters {
                    throw RulesSyntaxError(
                        at: position, "expected at most \(RulesLimits.maxFunctionParameters) parameters, found more")
                }
                parameters.append(parameter)
            } while try consume(.comma)
        }
        try expect(.rightParen)
        return parameters
    }

    /// `let name = expr;` (version 2 only, at most 10 per function, names distinct from parameters).
    private mutating func parseLet(parameters: [String], earlier: [LetBinding]) throws(RulesSyntaxError) -> LetBinding {
        let start = current.range.start
        guard version == .v2 else {
            throw RulesSyntaxError(at: start, "expected 'return' ('let' needs rules_version '2'), found 'let'")
        }
        if earlier.count == RulesLimits.maxLetBindings {
            throw RulesSyntaxError(at: start, "expected at most \(RulesLimits.maxLetBindings) let bindings, found more")
        }
        try advance()
        let namePosition = current.range.start
        let name = try expectIdentifier("a binding name")
        if parameters.contains(name) || earlier.contains(where: { $0.name == name }) {
            throw RulesSyntaxError(at: namePosition, "expected a new binding name, found '\(name)' already bound")
        }
        try expect(.assign)
        let value = try parseTopExpression()
        try expect(.semicolon)
        return LetBinding(name: name, value: value, range: range(from: start))
    }

    /// `allow method {, method} [: if expr] [;]`.
    mutating func parseAllow() throws(RulesSyntaxError) -> AllowStatement {
        let start = current.range.start
        try advance()
        var methods: [AllowMethod] = []
        repeat {
            guard case .identifier(let name) = current.kind, let method = AllowMethod(rawValue: name) else {
                throw failure(expected: "an allow method (read, write, get, list, create, update or delete)")
            }
            methods.append(method)
            try advance()
        } while try consume(.comma)
        var condition: Expr?
        if try consume(.colon) {
            try expect(.if)
            condition = try parseTopExpression()
        }
        let hadSemicolon = try consume(.semicolon)
        let statementRange = range(from: start)
        let endsStatement = check(.rightBrace) || check(.allow) || check(.match) || check(.function)
        if !hadSemicolon && !endsStatement {
            throw failure(expected: condition == nil ? "',', ':', ';' or '}'" : "';' or '}'")
        }
        return AllowStatement(methods: methods, condition: condition, range: statementRange)
    }

    /// Parses a complete expression and gives its nodes their final, source-ordered ids.
    mutating func parseTopExpression() throws(RulesSyntaxError) -> Expr {
        let expression = try parseExpression()
        return ExprNumbering.renumber(expression, next: &nextExpressionID)
    }
}
