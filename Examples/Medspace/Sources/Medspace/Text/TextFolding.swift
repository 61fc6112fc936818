import Foundation

/// How Medspace compares words: case- and accent-insensitively, so `cardiologia` finds
/// `Cardiología` (Firestore has no full-text search; posts keep folded words to query).
public enum TextFolding {
    /// `text` lowercased with its accents and other combining marks removed: `Cardiología` → `cardiologia`.
    public static func fold(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
        return String(String.UnicodeScalarView(decomposed)).lowercased()
    }

    /// The folded words of `text`, in order, duplicates kept: runs of letters and digits.
    public static func wordSequence(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// The distinct folded words of `text`, in order of first appearance.
    public static func words(_ text: String) -> [String] {
        var seen = Set<String>()
        return wordSequence(text).filter { seen.insert($0).inserted }
    }

    /// The comparison key of a name: folded, surrounding whitespace removed (`DrQueralt` → `drqueralt`).
    public static func key(_ text: String) -> String {
        fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the folded word sequence `phrase` occurs, consecutively, in `words`.
    public static func contains(_ words: [String], phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
            if Array(words[start..<(start + phrase.count)]) == phrase { return true }
        }
        return false
    }
}
