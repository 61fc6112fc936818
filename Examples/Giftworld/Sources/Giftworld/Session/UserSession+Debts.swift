import Hearth

extension UserSession {
    /// CU-010 "Mis saldos": the debts where the signed-in user is debtor or creditor, and the net
    /// per person.
    public func balances() async throws(GiftworldError) -> Balances {
        return try await GiftworldError.mapping {
            let debts = db.collection(Collections.debts)
            let owing = try await debts.whereField("debtor", isEqualTo: uid).getDocuments().decoded(as: Debt.self)
            let owed = try await debts.whereField("creditor", isEqualTo: uid).getDocuments().decoded(as: Debt.self)
            let perPerson = Settlement.perPerson(of: uid, owing: owing, owed: owed)
            return Balances(owing: owing, owed: owed, perPerson: perPerson)
        }
    }

    /// CU-010: the fewest payments that settle the debts of one of the user's groups (minimum
    /// cash flow), computed by the trusted settlement function since no member may read the
    /// others' debts. Debts from purchases of the user's own gifts are left out.
    /// - Throws: `groupNotFound` unless the user is a member.
    public func simplifiedPayments(in groupID: String) async throws(GiftworldError) -> [Payment] {
        _ = try await group(groupID)
        return try await backend.settlement(ofGroup: groupID, for: uid)
    }

    /// RF5.1 "Actualizar la cuantía": either party lowers a debt's amount as it gets paid — to
    /// `amount` euros, what is still owed. Lowering it to 0 (or to less than a cent) resolves the
    /// debt, which is deleted as by `resolveDebt`. Read and written in one transaction, so two
    /// parties lowering at once cannot raise it back. Returns the debt as stored, nil once resolved.
    /// - Throws: `invalidField` for an amount that is negative, not finite, or not lower than the
    ///   debt's (the rules refuse raising too); `debtNotFound` when it does not exist or the user is
    ///   not a party.
    @discardableResult
    public func lowerDebt(_ debtID: String, to amount: Double) async throws(GiftworldError) -> Debt? {
        guard !debtID.isEmpty, !debtID.contains("/") else { throw .debtNotFound(id: debtID) }
        guard amount.isFinite, amount >= 0 else {
            throw .invalidField(name: "amount", reason: "must be a number of euros, at least 0")
        }
        let reference = db.collection(Collections.debts).document(debtID)
        do {
            return try await db.runTransaction { transaction -> Debt? in
                let snapshot = try transaction.getDocument(reference)
                guard snapshot.exists else { throw GiftworldError.debtNotFound(id: debtID) }
                var debt = try snapshot.decoded(as: Debt.self)
                guard amount < debt.amount else {
                    throw GiftworldError.invalidField(name: "amount", reason: "a debt can only be lowered")
                }
                guard (Money.cents(amount) ?? 0) > 0 else {
                    transaction.deleteDocument(reference)
                    return nil
                }
                transaction.updateData(["amount": amount], forDocument: reference)
                debt.amount = amount
                return debt
            }
        } catch let error as FirestoreError where error.code == .permissionDenied {
            throw .debtNotFound(id: debtID)
        } catch {
            throw GiftworldError.mapped(error)
        }
    }

    /// CU-011 "Resolver saldo": either party marks the debt paid, which deletes it.
    /// - Throws: `debtNotFound` when it does not exist or the user is not a party.
    public func resolveDebt(_ debtID: String) async throws(GiftworldError) {
        guard !debtID.isEmpty, !debtID.contains("/") else { throw .debtNotFound(id: debtID) }
        let reference = db.collection(Collections.debts).document(debtID)
        do {
            guard try await reference.getDocument().exists else { throw GiftworldError.debtNotFound(id: debtID) }
            try await reference.delete()
        } catch let error as FirestoreError where error.code == .permissionDenied {
            throw .debtNotFound(id: debtID)
        } catch {
            throw GiftworldError.mapped(error)
        }
    }
}
