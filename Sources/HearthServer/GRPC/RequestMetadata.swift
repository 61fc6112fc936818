import FirestoreWire
import GRPCCore
import HearthCore

extension Metadata {
    /// The caller's access context from the `authorization` header.
    /// - Throws: `UNAUTHENTICATED` (as a gRPC error) for an unusable bearer token.
    func accessContext() throws -> AccessContext {
        let header = self[stringValues: "authorization"].first { _ in true }
        do {
            return try AuthorizationHeader.access(header)
        } catch {
            throw WireStatus.rpcError(error)
        }
    }
}

/// Runs a handler body, turning every error into a gRPC error with Firestore's status and message;
/// internal errors are logged with their cause (the client sees only `INTERNAL`).
func withWireErrors<Result: Sendable>(
    log: RequestLog, method: String, _ body: () async throws -> Result
) async throws -> Result {
    do {
        return try await body()
    } catch let error as RPCError {
        throw error
    } catch {
        let firestoreError = WireStatus.firestoreError(error)
        if firestoreError.code == .internal { log.internalError(error, method: method) }
        throw WireStatus.rpcError(firestoreError)
    }
}
