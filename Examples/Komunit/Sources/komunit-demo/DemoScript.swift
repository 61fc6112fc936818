import ExampleSupport
import Hearth
import Komunit

/// The scripted session: Ana, Bruno and Carmen use every use case, and the output tells what
/// happens. Idempotent across runs: what an earlier run stored is found and shown instead.
struct DemoScript {
    let app: Komunit
    let directory: String

    /// Runs the whole story.
    func run() async throws {
        let before = try await app.statistics()
        DemoScene.opening("Komunit", directory: directory, accounts: before.accounts) { describe(before) }

        section("CU01 Register · RNF0 Confirm the e-mail · CU02 Sign in")
        var weak = Cast.ana
        weak.password = "123"
        weak.repeatPassword = "123"
        try await refusal("Someone registers with a 3-character password") { _ = try await app.register(weak) }
        var mistyped = Cast.ana
        mistyped.repeatPassword = "secreto2"
        try await refusal("Someone types the password differently the second time") { _ = try await app.register(mistyped) }
        var unaccepted = Cast.ana
        unaccepted.acceptsTerms = false
        try await refusal("Someone does not accept the terms of use") { _ = try await app.register(unaccepted) }
        let ana = try await enter(Cast.ana)
        let bruno = try await enter(Cast.bruno)
        let carmen = try await enter(Cast.carmen)
        defer { [ana, bruno, carmen].forEach { $0.signOut() } }
        try await refusal("Bruno mistypes his password") { _ = try await app.signIn(email: Cast.bruno.email, password: "x") }
        let photo = try await ana.setPhoto(path: "fotos/\(ana.uid).jpg")
        print("RF4 Ana sets her profile photo → photoPath \(photo.photoPath ?? "none") (the path only; no file store)")

        section("CU06 Create groups (an owner has at most 2)")
        let band = try await ownedGroup(ana, Cast.band)
        let duo = try await ownedGroup(ana, Cast.duo)
        _ = try await ownedGroup(bruno, Cast.farGroup)
        try await refusal("Ana tries a third group") { _ = try await ana.createGroup(Cast.picnic) }

        section("RF6 Explore nearby · CU04 Join (room and the 4-group limit, in a transaction)")
        let nearby = try await bruno.exploreGroupsNearMe(radiusKm: 10)
        for found in nearby {
            let group = found.group
            print("  \(group.title) — \(group.placeName), \((found.distanceKm * 10).rounded() / 10) km, "
                + "\(group.memberCount)/\(group.memberLimit) members")
        }
        print("  (Bruno's own group in Ronda, 65 km away, is not in a 10 km search)")
        try await detail(bruno, band, "Bruno")
        try await join(bruno, band, "Bruno")
        try await detail(bruno, band, "Bruno")
        try await join(carmen, duo, "Carmen")
        try await refusal("Bruno tries the duo, which Ana and Carmen fill") { _ = try await bruno.joinGroup(duo) }

        try await chat(ana: ana, bruno: bruno, carmen: carmen, band: band)
        try await events(ana: ana, bruno: bruno, carmen: carmen, band: band)
        try await reports(bruno: bruno, carmen: carmen, band: band)

        section("CU05 Leave")
        try await refusal("Ana, the band's owner, tries to leave while others remain") { _ = try await ana.leaveGroup(band) }
        let picnic = try await carmen.createGroup(Cast.picnic)
        let picnicId = try idOf(picnic.id, in: "groups")
        print("Carmen creates \"\(picnic.title)\" and, its only member, leaves it:")
        try await refusal("  the app asks first (CU05 alt. 6.1)") { _ = try await carmen.leaveGroup(picnicId) }
        if case .groupDeleted = try await carmen.leaveGroup(picnicId, deletingTheGroup: true) {
            print("  Carmen accepts: the group is deleted, and the clean-up trigger removed what hung from it")
        }

        section("RF2 Reset password · RNF7 Delete account")
        let forgetful = try await enter(Cast.temporary)
        forgetful.signOut()
        try await refusal("Teo asks to reset the password of an address no account uses") {
            _ = try await app.requestPasswordReset(email: "teo.paso@uma.es")
        }
        let resetCode = try await app.requestPasswordReset(email: Cast.temporary.email)
        try await app.resetPassword(code: resetCode, newPassword: "nueva-clave")
        let teo = try await app.enterApp(as: try await app.signIn(email: Cast.temporary.email, password: "nueva-clave"))
        print("Teo forgot his password: the reset e-mail's code arrives, he sets a new one and signs in with it")
        try await refusal("The reset link is used a second time") {
            try await app.resetPassword(code: resetCode, newPassword: "otra-clave")
        }
        try await join(teo, band, "Teo")
        try await teo.sendMessage("Me voy de Málaga, ¡suerte!", to: band)
        let deletion = try await teo.deleteAccount()
        print("Teo deletes his account: left \(deletion.groupsLeft) group(s), \(deletion.groupsDeleted) owned group(s) deleted")
        print("  the band has \(try await ana.group(band).memberCount) members again")

        section("Summary")
        print("Stored now: \(describe(try await app.statistics())).")
        print("Run it again with --data \(directory): everyone signs in instead of registering.")
    }

    /// The chat part: live listener, rules refusal, read receipts, my groups.
    private func chat(ana: UserSession, bruno: UserSession, carmen: UserSession, band: String) async throws {
        section("CU07 Group chat (members only) · read receipts · RF9 my groups")
        try await refusal("Carmen, not a member, listens to the band's chat (the rules refuse)") {
            for try await _ in carmen.chat(band) { break }
        }
        var live = bruno.chat(band).makeAsyncIterator()
        let history = try await live.next() ?? []
        print("Bruno opens the band's chat: \(DemoNarration.count(history.count, "message")) so far")
        try await refusal("Bruno sends an empty message") { try await bruno.sendMessage("   ", to: band) }
        let text = "Ensayo el sábado a las 18:00"
        try await ana.sendMessage(text, to: band)
        var seen = history
        while seen.count <= history.count, let next = try await live.next() { seen = next }
        if let last = seen.last {
            print("Ana sends \"\(last.content)\" → Bruno's listener shows it live, stamped \(DemoNarration.time(last.sentAt))")
        }
        print("Bruno has \(try await bruno.unreadCount(in: band)) unread (count() of all minus count() of readBy ∋ Bruno)")
        print("Bruno opens the chat: \(DemoNarration.count(try await bruno.markRead(in: band), "message")) marked read (arrayUnion)")
        print("Bruno's groups, newest message first:")
        for summary in try await bruno.myGroups() {
            print("  \(summary.group.title): \(summary.unreadCount) unread, last message \(DemoNarration.time(summary.group.lastMessageAt))")
        }
    }

    /// The events part.
    private func events(ana: UserSession, bruno: UserSession, carmen: UserSession, band: String) async throws {
        section("CU08 Create/edit events (owner only) · CU09 Join events (members only)")
        let date = Timestamp(microseconds: 1_893_456_000_000_000)
        let form = EventForm(
            title: "Ensayo general", description: "Traed las partituras", placeName: "Local de ensayo 3", date: date,
            isFlexible: true)
        try await refusal("Bruno, a member, tries to plan an event") { _ = try await bruno.createEvent(in: band, form) }
        let existing = try await ana.events(of: band)
        let event: Evento
        if let first = existing.first {
            event = first
        } else {
            event = try await ana.createEvent(in: band, form)
        }
        let eventId = try idOf(event.id, in: "events")
        print(existing.isEmpty
            ? "Ana plans \"\(event.title)\" at \(event.placeName) (flexible)"
            : "Ana's event \"\(event.title)\" is there from an earlier run")
        var nowhere = form
        nowhere.placeName = ""
        try await refusal("Ana plans an event without a place") { _ = try await ana.createEvent(in: band, nowhere) }
        var moved = form
        moved.placeName = "Local de ensayo 5"
        let edited = try await ana.editEvent(eventId, in: band, with: moved)
        print("Ana moves it to \(edited.placeName), \(DemoNarration.time(edited.date))")
        let window = AvailabilityWindow(
            start: Timestamp(microseconds: (date.seconds + 3_600) * 1_000_000), end: Timestamp(microseconds: (date.seconds + 10_800) * 1_000_000))
        try await refusal("Bruno gives a window that ends before it starts") {
            _ = try await bruno.joinEvent(eventId, in: band, window: AvailabilityWindow(start: window.end, end: window.start))
        }
        _ = try await bruno.joinEvent(eventId, in: band, window: window)
        print("Bruno joins, available from \(DemoNarration.time(window.start)) to \(DemoNarration.time(window.end))")
        try await refusal("Carmen, not a member, tries to join") { _ = try await carmen.joinEvent(eventId, in: band) }
        print("Attending: \(DemoNarration.count(try await ana.attendances(of: eventId, in: band).count, "member"))")
    }

    /// Reporting content.
    private func reports(bruno: UserSession, carmen: UserSession, band: String) async throws {
        section("Report content (a reports document; reviewed outside the app)")
        guard let message = try await firstMessage(bruno, band) else { return }
        let messageId = try idOf(message.id, in: "messages")
        _ = try await bruno.report(.message(messageId, inGroup: band), reason: "Publicidad en el chat")
        print("Bruno reports the message \"\(message.content)\" → reports/… {reporterId, target: groups/…/messages/\(messageId)}")
        _ = try await carmen.report(.group(band), reason: "Descripción engañosa")
        print("Carmen, not a member, reports the band itself (any signed-in user sees a group)")
        try await refusal("Carmen reports a message of the band's chat, which she cannot see") {
            _ = try await carmen.report(.message(messageId, inGroup: band), reason: "?")
        }
        try await refusal("Bruno files a report without a reason") { _ = try await bruno.report(.group(band), reason: " ") }
    }

    /// The oldest message of the group's chat (the live view's first list).
    private func firstMessage(_ user: UserSession, _ groupId: String) async throws -> Mensaje? {
        for try await messages in user.chat(groupId) { return messages.first }
        return nil
    }

    /// CU04 step 2: the group's detail with its members, and what it offers.
    private func detail(_ user: UserSession, _ groupId: String, _ name: String) async throws {
        let detail = try await user.groupDetail(groupId)
        let members = detail.members.map { $0.user.username + ($0.isOwner ? " (owner)" : "") }.joined(separator: ", ")
        let offer = switch detail.action {
        case .join: "«Unirse»"
        case .full: "nothing: the group is full"
        case .leave: "«Salir del grupo»"
        case .leaveDeletingTheGroup: "«Salir del grupo», which deletes it"
        case .none: "«Editar»"
        }
        print("\(name) opens \"\(detail.group.title)\": \(detail.group.description); members: \(members) → offered \(offer)")
    }

    /// Registers and confirms the e-mail (RNF0), or signs in when an earlier run registered the
    /// email; then enters the app.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        let registration: Registration?
        do {
            registration = try await app.register(form)
        } catch .emailAlreadyInUse {
            registration = nil
        }
        if let registration {
            account = registration.account
            print("\(form.name) registers as \(form.email) → users/\(account.uid); the confirmation e-mail is sent")
            try await refusal("  \(form.name) taps «Correo confirmado» before confirming") {
                _ = try await app.enterApp(as: account)
            }
            try await app.confirmEmail(code: registration.confirmationCode)
            print("  \(form.name) follows the link in the mailbox and taps «Correo confirmado» again")
        } else {
            account = try await app.signIn(email: form.email, password: form.password)
            print("\(form.email) is already registered → \(form.name) signs in (uid \(account.uid))")
        }
        do {
            return try await app.enterApp(as: account)
        } catch .emailNotConfirmed {
            // CU02 alt. 3.1: «Reenviar confirmación», confirm, sign in again.
            try await app.confirmEmail(code: try await app.resendConfirmation(for: account))
            print("  the address was not confirmed: «Reenviar confirmación», confirmed, signs in again")
            return try await app.enterApp(as: try await app.signIn(email: form.email, password: form.password))
        }
    }

    /// The id of `owner`'s group titled like `form`, created when missing.
    private func ownedGroup(_ owner: UserSession, _ form: GroupForm) async throws -> String {
        for id in try await owner.profile().ownedGroupIds where try await owner.group(id).title == form.title {
            print("\(form.title) exists from an earlier run")
            return id
        }
        let group = try await owner.createGroup(form)
        print("\(owner.account.email) creates \"\(group.title)\" (\(group.memberLimit) places) and is its first member")
        return try idOf(group.id, in: "groups")
    }

    /// Joins unless already a member.
    private func join(_ user: UserSession, _ groupId: String, _ name: String) async throws {
        guard try await !user.isMember(of: groupId) else {
            print("\(name) is already in \"\(try await user.group(groupId).title)\"")
            return
        }
        let group = try await user.joinGroup(groupId)
        print("\(name) joins \"\(group.title)\": \(group.memberCount)/\(group.memberLimit) members")
    }

    /// Runs `attempt`, which must be refused, and prints the alert the app would show.
    private func refusal(_ what: String, _ attempt: () async throws -> Void) async throws {
        try await DemoScene.expectRefusal(what, as: KomunitError.self, attempt)
    }

    /// Prints a section title.
    private func section(_ title: String) { DemoScene.section(title) }

    /// The id of a document read from `collection`, which must have one.
    private func idOf(_ id: String?, in collection: String) throws -> String {
        guard let id else { throw DemoFailure(description: "a document of \(collection) came back without its id") }
        return id
    }

    private func describe(_ stats: StoreStatistics) -> String {
        [
            DemoNarration.count(stats.accounts, "account"), DemoNarration.count(stats.groups, "group"),
            DemoNarration.count(stats.memberships, "membership"), DemoNarration.count(stats.messages, "message"),
            DemoNarration.count(stats.events, "event"), DemoNarration.count(stats.attendances, "attendance"),
            DemoNarration.count(stats.reports, "report"),
        ].joined(separator: ", ")
    }
}
