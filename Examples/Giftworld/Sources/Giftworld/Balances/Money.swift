/// Euro amounts as whole cents, so balances add up exactly.
public enum Money {
    /// `amount` euros rounded to the nearest cent; nil for a value that is not finite or too large.
    public static func cents(_ amount: Double) -> Int? {
        guard amount.isFinite, abs(amount) < 1e13 else { return nil }
        return Int((amount * 100).rounded())
    }

    /// `cents` as euros (`4000.0` for 400000).
    public static func euros(_ cents: Int) -> Double { Double(cents) / 100 }
}
