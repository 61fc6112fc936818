/// The thesis's `CalculateDebt.minCashFlow`: settles a group's debts with as few payments as the
/// greedy minimum-cash-flow method finds, never more than people − 1.
///
/// Each step takes the person owed the most and the person owing the most and has the second
/// pay the first as much as settles one of them; ties go to the lowest index, as in the thesis.
/// Amounts are whole cents, so every net balance is settled exactly.
public enum MinimumCashFlow {
    /// Net balance of each person in cents: what others owe them minus what they owe
    /// (`owes[i][j]` = what i owes j).
    public static func netBalances(owes: [[Int]]) -> [Int] {
        var net = [Int](repeating: 0, count: owes.count)
        for (debtor, row) in owes.enumerated() {
            for (creditor, cents) in row.enumerated() where creditor < owes.count && creditor != debtor {
                net[debtor] -= cents
                net[creditor] += cents
            }
        }
        return net
    }

    /// The payments that settle `owes` (cents, `owes[i][j]` = what i owes j), in the order found.
    public static func transfers(owesCents owes: [[Int]]) -> [Transfer] {
        transfers(net: netBalances(owes: owes))
    }

    /// The payments that settle `owes` given in euros, as in the thesis's test.
    /// - Throws: `invalidField` when the matrix is not square or holds a negative or non-finite amount.
    public static func transfers(owes euros: [[Double]]) throws(GiftworldError) -> [Transfer] {
        var owes: [[Int]] = []
        for row in euros {
            guard row.count == euros.count else { throw .invalidField(name: "owes", reason: "must be a square matrix") }
            var cents: [Int] = []
            for amount in row {
                guard let value = Money.cents(amount), value >= 0 else {
                    throw .invalidField(name: "owes", reason: "amounts must be finite and not negative")
                }
                cents.append(value)
            }
            owes.append(cents)
        }
        return transfers(owesCents: owes)
    }

    /// The payments that bring every net balance (cents; they must sum to zero) to zero.
    public static func transfers(net: [Int]) -> [Transfer] {
        var balance = net
        var result: [Transfer] = []
        // Each step zeroes at least one balance, so there are at most count − 1 steps with money.
        for _ in 0..<max(0, balance.count) {
            guard let creditor = indexOfMax(balance), let debtor = indexOfMin(balance),
                balance[creditor] > 0, balance[debtor] < 0
            else { break }
            let cents = min(balance[creditor], -balance[debtor])
            balance[creditor] -= cents
            balance[debtor] += cents
            result.append(Transfer(from: debtor, to: creditor, cents: cents))
        }
        return result
    }

    /// The first index of the largest value.
    private static func indexOfMax(_ values: [Int]) -> Int? {
        values.indices.reduce(nil) { best, index in
            guard let best else { return index }
            return values[index] > values[best] ? index : best
        }
    }

    /// The first index of the smallest value.
    private static func indexOfMin(_ values: [Int]) -> Int? {
        values.indices.reduce(nil) { best, index in
            guard let best else { return index }
            return values[index] < values[best] ? index : best
        }
    }
}
