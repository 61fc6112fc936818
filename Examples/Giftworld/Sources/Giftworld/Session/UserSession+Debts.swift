import Hearth

extension UserSession {
    /// CU-010 "Mis saldos": the debts where the signed-in user is debtor or creditor, and the net
    /// per person.
    public func balances() async throws(GiftworldError) -> Balances {
        do {
            let debts = try db().collection(Collections.debts)
            let owing = try await debts.whereField("debtor", isEqualTo: uid).getDocuments().decoded(as: Debt.self)
            let owed = try await debts.whereField("creditor", isEqualTo: uid).getDocuments().decoded(as: Debt.self)
            let perPerson = Settlement.perPerson(of: uid, owing: owing, owed: owed)
            return Balances(owing: owing, owed: owed, perPerson: perPerson)
        } catch {
            throw GiftworldError(error)
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

    /// CU-011 "Resolver saldo": either party marks the debt paid, which deletes it.
    /// - Throws: `debtNotFound` when it does not exist or the user is not a party.
    public func resolveDebt(_ debtID: String) async throws(GiftworldError) {
        guard !debtID.isEmpty, !debtID.contains("/") else { throw .debtNotFound(id: debtID) }
        let reference = try db().collection(Collections.debts).document(debtID)
        do {
            guard try await reference.getDocument().exists else { throw GiftworldError.debtNotFound(id: debtID) }
            try await reference.delete()
        } catch let error as FirestoreError where error.code == .permissionDenied {
            throw .debtNotFound(id: debtID)
        } catch {
            throw GiftworldError(error)
        }
    }
}
