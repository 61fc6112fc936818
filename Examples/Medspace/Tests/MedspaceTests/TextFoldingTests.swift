import Medspace
import Testing

/// The folding behind title search and keyword matching.
@Suite("Text folding")
struct TextFoldingTests {
    @Test func foldsCaseAndAccents() {
        #expect(TextFolding.fold("Cardiología PEDIÁTRICA") == "cardiologia pediatrica")
        #expect(TextFolding.words("¿Dolor torácico? dolor, Niño") == ["dolor", "toracico", "nino"])
        #expect(TextFolding.wordSequence("a-b a") == ["a", "b", "a"])
    }

    @Test func phrasesAreConsecutiveWholeWords() {
        let words = TextFolding.wordSequence("Acute heart failure in cardiology")
        #expect(TextFolding.contains(words, phrase: ["heart", "failure"]))
        #expect(!TextFolding.contains(words, phrase: ["failure", "heart"]))
        #expect(!TextFolding.contains(words, phrase: ["card"]))
        #expect(!TextFolding.contains(words, phrase: []))
    }
}
