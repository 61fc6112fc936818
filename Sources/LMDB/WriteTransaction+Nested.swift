internal import CLMDB

extension WriteTransaction {
    /// Runs `body` in a nested (child) transaction: committed into this one when `body` returns, aborted
    /// (discarding only the child's changes) when it throws; `body`'s error is rethrown.
    ///
    /// This transaction must not be used inside `body` (its methods and cursors throw
    /// `LMDBError.transactionBusy` meanwhile). A child whose update failed in LMDB is aborted instead of
    /// committed, since committing it would poison this transaction, and its failure is thrown. An
    /// `MDB_MAP_FULL` inside still makes the whole `Environment.write` grow and replay.
    public func nested<R>(_ body: (WriteTransaction) throws -> R) throws -> R {
        let child = try beginChild()
        hasLiveChild = true
        defer { hasLiveChild = false }
        let outcome: Result<R, any Error>
        do {
            outcome = .success(try body(child))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .failure(let error):
            child.abort()
            throw error
        case .success(let value):
            if let failure = child.failure {
                // lmdb.h: committing a child that hit an error would poison the parent; abort it instead.
                child.abort()
                throw failure
            }
            try child.commit()
            return value
        }
    }

    /// `mdb_txn_begin` with this transaction as parent.
    private func beginChild() throws(LMDBError) -> WriteTransaction {
        let txn = try writableHandle()
        guard let env = environment.handle else { throw environment.closedError() }
        var child: OpaquePointer?
        // lmdb.h: nested transactions are for write transactions only, at most one child at a time, and the
        // parent may do nothing while the child lives (enforced by `hasLiveChild`). Same thread as the parent.
        let rc = mdb_txn_begin(env, txn, 0, &child)
        if rc != MDB_SUCCESS {
            throw environment.failure(rc, "mdb_txn_begin (nested) at \(environment.path)")
        }
        guard let child else {
            throw LMDBError(code: LMDBError.badTransaction.code, message: "mdb_txn_begin returned no transaction")
        }
        return WriteTransaction(environment: environment, handle: child, parent: self, tree: tree)
    }
}
