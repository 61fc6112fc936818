import Testing
@testable import HearthCore

/// The search query language and its word rules.
@Suite("Search text")
struct SearchTextTests {
    static let document = SearchDocument([
        "name": .string("Belgian Waffles & Crêpes"),
        "tags": .array([.string("breakfast"), .map(["note": .string("berries on Sundays")])]),
        "count": .integer(3),
    ])

    static func matches(_ query: String) throws -> Bool { SearchText.matches(try SearchText.parse(query), document) }

    @Test func wordsAreLowercasedStemmedAndTakenFromNestedStrings() {
        #expect(SearchText.words("Belgian Waffles & Crêpes") == ["belgian", "waffle", "crêpe"])
        #expect(SearchText.stem("berries") == "berry")
        #expect(SearchText.stem("boxes") == "box")
        #expect(SearchText.stem("glass") == "glass")
        #expect(SearchText.stem("bus") == "bus")
        #expect(Self.document.counts["berry"] == 1)
        #expect(Self.document.counts["sunday"] == 1)
    }

    @Test func theQueryLanguage() throws {
        #expect(try Self.matches("waffle berries"))
        #expect(try !Self.matches("waffle pancakes"))
        #expect(try Self.matches("pancakes OR crepes") == false)  // "crêpes" keeps its accent
        #expect(try Self.matches("pancakes OR crêpes"))
        #expect(try !Self.matches("waffles -breakfast"))
        #expect(try Self.matches("waffles -lunch"))
        #expect(try Self.matches("\"belgian waffles\""))
        #expect(try !Self.matches("\"waffles belgian\""))
        #expect(try !Self.matches("\"crêpes breakfast\""))  // a phrase stays within one string
        #expect(try Self.matches("(lunch OR breakfast) (waffles OR pancakes)"))
        #expect(try Self.matches("breakfast)) (waffles"))  // stray parentheses are tolerated
        #expect(throws: FirestoreError.self) { try SearchText.parse(" - \"\" OR ") }
    }

    @Test func scoresGrowWithOccurrencesAndIgnoreNegatedWords() throws {
        let once = SearchDocument(["a": .string("coffee")])
        let twice = SearchDocument(["a": .string("coffee, more coffee")])
        let query = [try SearchText.parse("coffee -tea")]
        #expect(SearchText.score(query, once) == 0.5)
        #expect(SearchText.score(query, twice) == 2.0 / 3.0)
        #expect(SearchText.score([], twice) == 0)
    }
}
