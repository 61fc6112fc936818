/// A command-line problem, with the text to show the user.
public struct ServerArgumentError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, followed by the usage text.
    public let description: String
}

extension ServerConfiguration {
    /// The usage text of `hearth serve`.
    public static let usage = """
        Usage: hearth serve [--host HOST] [--port PORT] [--data DIR] [--project ID]
                            [--rules FILE] [--require-indexes] [--indexes FILE] [--no-sync]

          --host HOST         address to bind (default 127.0.0.1)
          --port PORT         port for gRPC and REST (default 8080; 0 picks a free port)
          --data DIR          data directory (default ./.hearth)
          --project ID        project id shown in the startup lines
          --rules FILE        firestore.rules applied to every project, reloaded when it changes
          --require-indexes   reject queries that need a composite index not declared
          --indexes FILE      firestore.indexes.json with composite indexes
          --no-sync           do not flush each commit to disk before answering (faster writes;
                              data survives the server stopping or crashing, but a crash of the
                              machine can lose recent commits) - for tests and scratch data
        """

    /// Parses `hearth serve` flags (a leading `serve` is accepted and skipped); `--flag=value` works too.
    /// - Throws: `ServerArgumentError` for an unknown flag, a missing or bad value, or `--help`.
    public static func parse(arguments: [String]) throws(ServerArgumentError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        var remaining = arguments[...]
        if remaining.first == "serve" { remaining = remaining.dropFirst() }
        while let argument = remaining.popFirst() {
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ServerArgumentError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw ServerArgumentError(description: "Missing value for \(flag).\n\n\(usage)")
                }
                return next
            }
            switch flag {
            case "--host": configuration.host = try value()
            case "--port":
                let text = try value()
                guard let port = Int(text), (0...65_535).contains(port) else {
                    throw ServerArgumentError(description: "Invalid port '\(text)'.\n\n\(usage)")
                }
                configuration.port = port
            case "--data": configuration.dataDirectory = try value()
            case "--project": configuration.project = try value()
            case "--rules": configuration.rulesFile = try value()
            case "--indexes": configuration.indexesFile = try value()
            case "--require-indexes": configuration.requireIndexes = true
            case "--no-sync": configuration.syncsEachCommit = false
            case "--help", "-h": throw ServerArgumentError(description: usage)
            default: throw ServerArgumentError(description: "Unknown argument '\(argument)'.\n\n\(usage)")
            }
        }
        return configuration
    }
}
