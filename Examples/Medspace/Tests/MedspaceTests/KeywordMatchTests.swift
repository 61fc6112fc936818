@testable import Medspace
import Testing

/// The pure matching step of UC23.
@Suite("Keyword matching")
struct KeywordMatchTests {
    let post = NewPost(
        kind: .cases, id: "p1", author: "ana", title: "Sepsis in the ICU", description: "Septic SHOCK, day 2")

    @Test func oneEntryPerOwnerNeverTheAuthorFirstKeywordAlphabetically() {
        let candidates = [
            KeywordMatch.Candidate(owner: "luis", keyword: "Shock", normalized: "shock"),
            KeywordMatch.Candidate(owner: "luis", keyword: "SEPSIS", normalized: "sepsis"),
            KeywordMatch.Candidate(owner: "ana", keyword: "sepsis", normalized: "sepsis"),
            KeywordMatch.Candidate(owner: "marta", keyword: "septic shock", normalized: "septic shock"),
            KeywordMatch.Candidate(owner: "eva", keyword: "shock septic", normalized: "shock septic"),
            KeywordMatch.Candidate(owner: "raul", keyword: "sep", normalized: "sep"),
        ]
        let recipients = KeywordMatch.recipients(of: post, among: candidates)
        #expect(recipients == ["luis": "SEPSIS", "marta": "septic shock"])
        #expect(KeywordMatch.recipients(of: post, among: candidates.reversed()) == recipients)
    }
}
