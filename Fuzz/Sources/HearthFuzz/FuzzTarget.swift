package import Foundation

/// A fuzz target: one kind of untrusted input and the code that must survive it. `hearth-fuzz`
/// runs one under libFuzzer (`make fuzz`); `HearthFuzzTests` replays the committed corpus through all.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// A `firestore.rules` file: parsed, then every request of a fixed set judged by it.
    case rules
    /// A `firestore.indexes.json` file.
    case indexes
    /// Document paths, resource names and field paths, with round trips.
    case paths
    /// A Listen resume token.
    case resumeToken = "resume-token"
    /// An `Authorization` header's bearer token (an unsigned JWT), then rules reading its claims.
    case jwt
    /// A REST request (method and credentials, URL path, JSON body) through the emulator's router.
    case rest
    /// A gRPC request: the first byte picks the RPC, the rest is its protobuf request, executed.
    case grpc
    /// A WebChannel request: a forward-channel form body, or a handshake through the router.
    case webchannel

    /// Closes what the targets keep for the whole process (the scratch emulator, whose temporary
    /// directory is deleted); `hearth-fuzz` runs it at exit, before LeakSanitizer's final check.
    package static func closeAll() {
        ScratchEmulator.shared.close()
    }

    /// Runs one input. Returns nil, or a description of a broken promise (a finding): an internal
    /// error, a 500, a round trip that does not return. A crash or hang is a finding by itself.
    package func run(_ input: Data) -> String? {
        switch self {
        case .rules: RulesFuzzTarget.run(input)
        case .indexes: IndexesFuzzTarget.run(input)
        case .paths: PathsFuzzTarget.run(input)
        case .resumeToken: ResumeTokenFuzzTarget.run(input)
        case .jwt: JWTFuzzTarget.run(input)
        case .rest: RESTFuzzTarget.run(input)
        case .grpc: GRPCFuzzTarget.run(input)
        case .webchannel: WebChannelFuzzTarget.run(input)
        }
    }
}
