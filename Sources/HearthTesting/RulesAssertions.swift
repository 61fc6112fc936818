import Hearth
public import HearthCore

/// Why a rules assertion failed.
public struct RulesAssertionError: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String
}

/// Runs `operation` and returns its result; throws `RulesAssertionError` when it is refused by
/// the rules (`PERMISSION_DENIED`), naming the denial — like `assertSucceeds` of
/// `@firebase/rules-unit-testing`. Other errors are rethrown unchanged.
@discardableResult
public func assertSucceeds<T>(_ operation: () async throws -> T) async throws -> T {
    do {
        return try await operation()
    } catch let error as FirestoreError where error.code == .permissionDenied {
        throw RulesAssertionError(description: "Expected the request to be allowed, but it was denied: \(error.message)")
    }
}

/// Runs `operation` expecting the rules to refuse it: returns the `PERMISSION_DENIED` error;
/// throws `RulesAssertionError` when it succeeds or fails for another reason — like `assertFails`.
@discardableResult
public func assertFails<T>(_ operation: () async throws -> T) async throws -> FirestoreError {
    do {
        _ = try await operation()
    } catch let error as FirestoreError where error.code == .permissionDenied {
        return error
    } catch {
        throw RulesAssertionError(description: "Expected PERMISSION_DENIED, but the request failed with: \(error)")
    }
    throw RulesAssertionError(description: "Expected the request to be denied, but it was allowed.")
}
