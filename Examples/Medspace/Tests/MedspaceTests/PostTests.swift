import Hearth
import Medspace
import Testing

/// UC4 list, UC5 my posts, UC6 create, UC7 detail, UC8 edit, UC9 delete.
@Suite("Posts")
struct PostTests {
    @Test func eachKindHasItsOwnFieldsAndCollection() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        let admin = try await fixture.administrator()
        let chestPain = try await ana.createPost(.cases, .chestPain)
        #expect(chestPain.path.hasPrefix("Cases/") && chestPain.post.history == "Hipertenso")
        #expect(chestPain.post.titleWords == ["dolor", "toracico", "en", "cardiologia"])
        #expect(chestPain.authorUsername == "DrAnaSosa" && chestPain.authorFullname == "Ana Sosa")
        #expect(chestPain.post.date != nil)
        let research = try await ana.createPost(.researches, .vaccines)
        #expect(research.post.pdf == "researches/vaccines.pdf" && research.post.history == nil)
        let news = try await admin.createPost(.news, .congress)
        #expect(news.post.image == "news/congress.jpg")
        let stats = try await fixture.app.statistics()
        #expect(stats.posts == [.news: 1, .cases: 1, .discussions: 0, .researches: 1])
        await fixture.close()
    }

    @Test func newsOnlyByTheAdministratorTheRestOnlyByDoctors() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        let admin = try await fixture.administrator()
        await #expect(throws: MedspaceError.kindNotAllowed(.news)) { _ = try await ana.createPost(.news, .congress) }
        await #expect(throws: MedspaceError.kindNotAllowed(.cases)) { _ = try await admin.createPost(.cases, .chestPain) }
        #expect(MedspaceError.kindNotAllowed(.news).alertMessage == "You cannot publish news")
        await fixture.close()
    }

    @Test func everyFieldIsRequired() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        var form = PostForm.chestPain
        form.examination = "  "
        await #expect(throws: MedspaceError.missingField("examination")) { _ = try await ana.createPost(.cases, form) }
        await #expect(throws: MedspaceError.missingField("pdf")) {
            _ = try await ana.createPost(.researches, .discussion("No pdf"))
        }
        await #expect(throws: MedspaceError.missingField("title")) {
            _ = try await ana.createPost(.discussions, .discussion(""))
        }
        #expect(MedspaceError.missingField("title").alertMessage == "Please complete all required fields")
        await fixture.close()
    }

    @Test func listsAreNewestFirstWithAuthorNames() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await fixture.discussions([(ana, "First"), (luis, "Second"), (ana, "Third")])
        let all = try await luis.listPosts(.discussions)
        #expect(all.map(\.post.title) == ["Third", "Second", "First"])
        #expect(all.map { $0.authorUsername ?? "" } == ["DrAnaSosa", "LuisMedina", "DrAnaSosa"])
        #expect(try await ana.myPosts(.discussions).map(\.post.title) == ["Third", "First"])
        #expect(try await ana.myPosts(.cases).isEmpty)
        let detail = try await luis.post(.discussions, all[0].id)
        #expect(detail.post.title == "Third" && detail.authorFullname == "Ana Sosa")
        await #expect(throws: MedspaceError.postNotFound(path: "Discussions/missing")) {
            _ = try await luis.post(.discussions, "missing")
        }
        await fixture.close()
    }

    @Test func editRejectsNothingChangedEmptyFieldsAndOthers() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        let post = try await ana.createPost(.cases, .chestPain)
        await #expect(throws: MedspaceError.nothingChanged) { _ = try await ana.editPost(.cases, post.id, with: .chestPain) }
        #expect(MedspaceError.nothingChanged.alertMessage == "You have not changed anything")
        var empty = PostForm.chestPain
        empty.description = ""
        await #expect(throws: MedspaceError.missingField("description")) {
            _ = try await ana.editPost(.cases, post.id, with: empty)
        }
        var changed = PostForm.chestPain
        changed.title = "Dolor torácico atípico"
        await #expect(throws: MedspaceError.notAllowed("only the author may edit a post")) {
            _ = try await luis.editPost(.cases, post.id, with: changed)
        }
        let edited = try await ana.editPost(.cases, post.id, with: changed)
        #expect(edited.post.title == "Dolor torácico atípico" && edited.post.titleWords.contains("atipico"))
        #expect(edited.post.date == post.post.date)
        await fixture.close()
    }

    @Test func deletingPostsDeletesTheirComments() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        let posts = try await fixture.discussions([(ana, "One"), (ana, "Two"), (ana, "Three")])
        let (one, two, three) = (posts[0], posts[1], posts[2])
        try await luis.addComment("Interesting", on: .discussions, one.id)
        try await luis.addComment("Agreed", on: .discussions, two.id)
        try await ana.addComment("Thanks", on: .discussions, two.id)
        await #expect(throws: MedspaceError.notAllowed("only the author may delete a post")) {
            try await luis.deletePost(.discussions, one.id)
        }
        try await ana.deletePost(.discussions, one.id)
        #expect(try await fixture.app.statistics().comments == 2)
        let removed = try await ana.deletePosts(.discussions, [two.id, three.id])
        #expect(removed == 2)
        let stats = try await fixture.app.statistics()
        #expect(stats.comments == 0 && stats.posts[.discussions] == 0)
        await fixture.close()
    }

    @Test func deleteManyDeletesNothingWhenOneIsSomeoneElses() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        let mine = try await ana.createPost(.discussions, .discussion("Mine"))
        let theirs = try await luis.createPost(.discussions, .discussion("Theirs"))
        await #expect(throws: MedspaceError.notAllowed("only the author may delete a post")) {
            try await ana.deletePosts(.discussions, [mine.id, theirs.id])
        }
        #expect(try await ana.listPosts(.discussions).count == 2)
        await fixture.close()
    }
}
