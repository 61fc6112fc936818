/// How values appear inside error messages: sizes with thousands separators, long strings cut.
enum MessageText {
    /// `1,048,576`: an integer with thousands separators, as Firestore prints sizes in messages.
    static func withThousandsSeparators(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// The string as shown in an error message: cut after 100 characters so huge ids stay readable.
    static func display(_ string: String) -> String {
        let head = string.prefix(100)
        return head.endIndex == string.endIndex ? string : String(head) + "…"
    }
}
