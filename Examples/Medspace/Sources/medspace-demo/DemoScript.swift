import ExampleSupport
import Hearth
import Medspace

/// The scripted session: three doctors and the administrator use every use case, and the output
/// tells what happens. It is repeatable: what an earlier run stored is found and shown instead.
struct DemoScript {
    let app: Medspace
    let directory: String

    /// Runs the whole story.
    func run() async throws {
        let before = try await app.statistics()
        // The administrator's account is made on opening, so a fresh directory has that one.
        DemoScene.opening("Medspace", directory: directory, accounts: max(before.accounts - 1, 0)) {
            Describe.statistics(before)
        }

        section("UC1 Register · UC2 Sign in")
        try await refusal("Luis types two different passwords") {
            var form = Cast.luis
            form.repeatPassword = "corazon23"
            _ = try await app.register(form)
        }
        let ana = try await enter(Cast.ana)
        let luis = try await enter(Cast.luis)
        let admin = try await app.enterApp(
            as: try await app.signIn(email: AdministratorSeed.default.email, password: AdministratorSeed.default.password))
        print("UC2  the administrator signs in as \(try await admin.profile().username)")
        defer { [ana, luis, admin].forEach { $0.signOut() } }
        try await refusal("Ana mistypes her password") {
            _ = try await app.signIn(email: Cast.ana.email, password: "secreto2")
        }

        section("UC20 Notifications · UC21/22 Keywords")
        try await luis.setNotifications(true)
        let held = Set(try await luis.keywords().map(\.keyword))
        for keyword in ["Cardiología", "heart failure"] where !held.contains(keyword) {
            try await luis.addKeyword(keyword)
        }
        try await refusal("Luis adds \"CARDIOLOGIA\" again") { try await luis.addKeyword("CARDIOLOGIA") }
        try await luis.addKeyword("dermatology")
        try await luis.deleteKeyword("Dermatology")
        print("UC20 Luis has notifications on; his keywords: \(try await luis.keywords().map(\.keyword))")

        let stories = try await publish(ana: ana, luis: luis, admin: admin)
        try await browse(as: luis, ana: ana)
        try await comment(luis: luis, ana: ana, on: stories.followUp)
        try await notifications(luis, published: stories.published)

        section("UC9 Delete one or many posts (with their comments)")
        let extra = try await ana.createPost(.discussions, .init(title: "Draft", description: "To delete", speciality: .urology))
        let comments = try await ana.deletePosts(.discussions, [stories.followUp.id, extra.id])
        print("UC9  Ana selects 2 discussions and taps Done: deleted with \(Describe.count(comments, "comment"))")

        try await profile(luis)
        try await lifecycle(admin: admin)

        section("Summary")
        print("Stored now: \(Describe.statistics(try await app.statistics())).")
        print("Run it again with --data \(directory): it signs in instead of registering and finds all of this.")
    }

    /// UC1, or UC2 when an earlier run registered the email.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        do {
            account = try await app.register(form)
            print("UC1  \(form.fullname) registers as \(form.username) <\(form.email)> → uid \(account.uid)")
        } catch .emailAlreadyInUse, .usernameTaken {
            account = try await app.signIn(email: form.email, password: form.password)
            print("UC2  \(form.email) is already registered (earlier run) → \(form.fullname) signs in")
        }
        return try await app.enterApp(as: account)
    }

    /// What `publish` did.
    struct Stories {
        /// This run's discussion.
        let followUp: PostListing
        /// How many posts it published (the notifier must process them all).
        let published: Int
    }

    /// UC6 (and its refusals), UC8.
    private func publish(ana: UserSession, luis: UserSession, admin: UserSession) async throws -> Stories {
        section("UC6 Create posts · UC8 Edit")
        try await refusal("Ana tries to publish news") { _ = try await ana.createPost(.news, Cast.congress) }
        var incomplete = Cast.chestPain
        incomplete.examination = ""
        try await refusal("Ana leaves the examination empty") { _ = try await ana.createPost(.cases, incomplete) }
        try await rulesRefusal("Luis's client skips the app and writes news signed as Ana") {
            _ = try await luis.directClient().collection("News").addDocument(data: [
                "title": "Fake", "description": "Forged", "speciality": "Surgery", "user": ana.uid,
                "date": FieldValue.serverTimestamp(), "titleWords": ["fake"], "image": "x.jpg",
            ])
        }
        var published = 1
        if try await admin.myPosts(.news).isEmpty {
            print("UC6  the administrator publishes \(Describe.listing(try await admin.createPost(.news, Cast.congress)))")
            published += 1
        }
        let permanent: [(PostKind, PostForm)] = [(.cases, Cast.chestPain), (.researches, Cast.vaccines)]
        for (kind, form) in permanent {
            guard try await ana.myPosts(kind).isEmpty else { continue }
            print("UC6  Ana publishes \(Describe.listing(try await ana.createPost(kind, form)))")
            published += 1
        }
        let followUp = try await ana.createPost(.discussions, Cast.followUp)
        print("UC6  Ana publishes \(Describe.listing(followUp))")
        let chestPain = try requireFirst(try await ana.myPosts(.cases))
        try await refusal("Ana saves her case without changing it") {
            _ = try await ana.editPost(.cases, chestPain.id, with: PostForm(chestPain.post))
        }
        try await refusal("Luis tries to edit Ana's case") {
            var form = PostForm(chestPain.post)
            form.title = "Mine now"
            _ = try await luis.editPost(.cases, chestPain.id, with: form)
        }
        var edited = PostForm(followUp.post)
        edited.description += " Weekly, monthly?"
        let updated = try await ana.editPost(.discussions, followUp.id, with: edited)
        print("UC8  Ana edits her discussion: \"\(updated.post.description)\"")
        return Stories(followUp: updated, published: published)
    }

    /// UC4, UC5, UC7, UC11–13.
    private func browse(as luis: UserSession, ana: UserSession) async throws {
        section("UC4 All posts · UC5 My posts · UC7 Detail · UC11–13 Search")
        for kind in PostKind.allCases {
            let posts = try await luis.listPosts(kind)
            print("UC4  \(kind.collection), newest first: \(posts.prefix(3).map(Describe.listing).joined(separator: "; "))")
        }
        print("UC5  Ana's discussions: \(Describe.count(try await ana.myPosts(.discussions).count, "post"))")
        let chestPain = try requireFirst(try await ana.myPosts(.cases))
        let detail = try await luis.post(.cases, chestPain.id)
        print("UC7  \(Describe.listing(detail)) — history: \(detail.post.history ?? "-"), exam: \(detail.post.examination ?? "-")")
        print("UC11 Internal Medicine cases: \(try await luis.searchBySpeciality(.cases, .internalMedicine).map(\.post.title))")
        print("UC12 cases titled \"cardiologia\": \(try await luis.searchByTitle(.cases, "cardiologia").map(\.post.title))")
        print("UC12 cases titled \"CARDIOLOGÍA dolor\" (every word): \(try await luis.searchByTitle(.cases, "CARDIOLOGÍA dolor").map(\.post.title))")
        print("UC12 cases titled \"cardiologia pediatrica\": \(Describe.empty(try await luis.searchByTitle(.cases, "cardiologia pediatrica")))")
        print("UC12 in Ana's own cases, \"dolor\": \(try await ana.searchByTitle(.cases, "dolor", in: .mine).map(\.post.title))")
        print("UC13 researches by \"dranasosa\": \(try await luis.searchByAuthor(.researches, "dranasosa").map(\.post.title))")
        print("UC13 researches by \"nobody\": \(Describe.empty(try await luis.searchByAuthor(.researches, "nobody")))")
    }

    /// UC14–17.
    private func comment(luis: UserSession, ana: UserSession, on post: PostListing) async throws {
        section("UC14 Comments · UC15 Add · UC16 Edit · UC17 Delete")
        try await refusal("Luis sends an empty comment") { try await luis.addComment(" ", on: .discussions, post.id) }
        let mine = try await luis.addComment("Two weeks after discharge.", on: .discussions, post.id)
        try await ana.addComment("Thanks, Luis!", on: .discussions, post.id)
        let id = mine.id ?? ""
        try await luis.editComment(id, on: .discussions, post.id, message: "Within two weeks of discharge.")
        try await refusal("Ana tries to delete Luis's comment") { try await ana.deleteComment(id, on: .discussions, post.id) }
        let list = try await ana.comments(on: .discussions, post.id)
        print("UC14 comments: \(list.map { "\"\($0.comment.message)\" by \($0.authorUsername ?? "?")" }.joined(separator: ", "))")
        try await ana.addComment("Any more opinions?", on: .discussions, post.id)
        let last = try await ana.comments(on: .discussions, post.id).last
        try await ana.deleteComment(last?.id ?? "", on: .discussions, post.id)
        print("UC17 Ana deletes her last comment: \(Describe.count(try await ana.comments(on: .discussions, post.id).count, "comment")) left")
    }

    /// UC23.
    private func notifications(_ luis: UserSession, published: Int) async throws {
        section("UC23 Notifications (the notifier's listener, not a 60-second poll)")
        try await app.notifier.waitUntilProcessed(published)
        let received = try await luis.notifications()
        print("UC23 Luis has \(Describe.count(received.count, "notification")); newest: \(received.first.map { "\"\($0.title)\" (keyword \($0.keyword))" } ?? "-")")
        let progress = app.notifier.progress
        print("     the notifier processed \(Describe.count(progress.processedPosts, "new post")), \(progress.failures.count) failures")
    }

    /// UC19, UC3.
    private func profile(_ luis: UserSession) async throws {
        section("UC19 Edit profile")
        let current = try await luis.profile()
        try await refusal("Luis saves his profile unchanged") {
            try await luis.editProfile(ProfileForm(username: current.username, fullname: current.fullname))
        }
        try await refusal("Luis wants the user name \"dranasosa\"") {
            try await luis.editProfile(ProfileForm(username: "dranasosa", fullname: current.fullname))
        }
        let fullname = current.fullname == "Luis Medina" ? "Luis Medina Ruiz" : "Luis Medina"
        try await luis.editProfile(ProfileForm(username: current.username, fullname: fullname))
        print("UC19 Luis is now \"\(try await luis.profile().fullname)\"")
    }

    /// UC1, UC24, UC3, UC25, UC2, UC26 for Marta, and the administrator's refusal.
    private func lifecycle(admin: UserSession) async throws {
        section("UC24 Change password · UC3 Sign out · UC25 Reset · UC26 Delete account")
        let marta = try await enter(Cast.marta)
        try await marta.setNotifications(false)
        try await marta.changePassword(to: "pediatria2", repeat: "pediatria2")
        print("UC24 Marta changes her password")
        marta.signOut()
        print("UC3  Marta signs out")
        try await refusal("Marta asks to reset the password of an unknown email") {
            _ = try await app.requestPasswordReset(email: "mrey@ulpgc.es")
        }
        let code = try await app.requestPasswordReset(email: Cast.marta.email)
        try await app.resetPassword(code: code, newPassword: "pediatria3", repeatPassword: "pediatria3")
        let again = try await app.enterApp(as: try await app.signIn(email: Cast.marta.email, password: "pediatria3"))
        print("UC25 the reset code arrives, Marta sets a new password and signs in with it")
        _ = try await again.createPost(.discussions, .init(title: "Bye", description: "Leaving", speciality: .pediatrics))
        try await again.addKeyword("sepsis")
        try await again.deleteAccount(confirmed: true)
        print("UC26 Marta deletes her account: her profile, posts, comments and keywords go with it")
        try await refusal("The administrator tries to delete their account") { try await admin.deleteAccount(confirmed: true) }
    }

    /// Runs `body`, which must fail with a `MedspaceError`; prints the app's alert.
    private func refusal(_ what: String, _ body: () async throws -> Void) async throws {
        try await DemoScene.expectRefusal(what, as: MedspaceError.self, body)
    }

    /// Runs `body` on a direct client; it must be refused by the security rules.
    private func rulesRefusal(_ what: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
            throw DemoFailure(description: "expected the rules to refuse: \(what)")
        } catch let error as FirestoreError where error.code == .permissionDenied {
            print("  ✗ \(what) → refused by the security rules (PERMISSION_DENIED)")
        }
    }

    /// Prints a section title.
    private func section(_ title: String) { DemoScene.section(title) }
}

/// The first element, or a `DemoFailure`.
func requireFirst<T>(_ values: [T]) throws -> T {
    guard let first = values.first else { throw DemoFailure(description: "an expected list was empty") }
    return first
}
