import Medspace
import Testing

/// UC14 list (with dates and authors), UC15 add, UC16 edit, UC17 delete comments.
@Suite("Comments")
struct CommentTests {
    @Test func addListEditDelete() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        let post = try await ana.createPost(.discussions, .migraine)
        #expect(try await luis.comments(on: .discussions, post.id).isEmpty)
        let first = try await luis.addComment("Triptans first.", on: .discussions, post.id)
        try await ana.addComment("  Thanks!  ", on: .discussions, post.id)
        var comments = try await ana.comments(on: .discussions, post.id)
        #expect(comments.map(\.comment.message) == ["Triptans first.", "Thanks!"])
        #expect(comments.allSatisfy { $0.comment.date != nil })
        #expect(comments.map(\.authorUsername) == ["LuisMedina", "DrAnaSosa"])
        #expect(comments.map(\.authorFullname) == ["Luis Medina", "Ana Sosa"])
        #expect(comments.map(\.comment.user) == [luis.uid, ana.uid])
        let id = try #require(first.id)
        try await luis.editComment(id, on: .discussions, post.id, message: "NSAIDs first, then triptans.")
        await #expect(throws: MedspaceError.nothingChanged) {
            try await luis.editComment(id, on: .discussions, post.id, message: "NSAIDs first, then triptans.")
        }
        await #expect(throws: MedspaceError.notAllowed("only the author may edit a comment")) {
            try await ana.editComment(id, on: .discussions, post.id, message: "Hijacked")
        }
        await #expect(throws: MedspaceError.notAllowed("only the author may delete a comment")) {
            try await ana.deleteComment(id, on: .discussions, post.id)
        }
        try await luis.deleteComment(id, on: .discussions, post.id)
        comments = try await ana.comments(on: .discussions, post.id)
        #expect(comments.map(\.comment.message) == ["Thanks!"])
        await #expect(throws: MedspaceError.commentNotFound(path: "Discussions/\(post.id)/Comments/\(id)")) {
            try await luis.deleteComment(id, on: .discussions, post.id)
        }
        await fixture.close()
    }

    @Test func messagesAreOneTo200Characters() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        let post = try await ana.createPost(.discussions, .migraine)
        await #expect(throws: MedspaceError.missingField("message")) {
            try await ana.addComment(" \n ", on: .discussions, post.id)
        }
        await #expect(throws: MedspaceError.invalidField(name: "message", reason: "must have at most 200 characters")) {
            try await ana.addComment(String(repeating: "a", count: 201), on: .discussions, post.id)
        }
        try await ana.addComment(String(repeating: "a", count: 200), on: .discussions, post.id)
        await #expect(throws: MedspaceError.postNotFound(path: "Cases/\(post.id)")) {
            try await ana.addComment("Wrong kind", on: .cases, post.id)
        }
        await fixture.close()
    }
}
