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
        print("Komunit demo — data directory \(directory)")
        print(before.accounts == 0 ? "A fresh data directory." : "Found an earlier run's data: \(describe(before)).")

        section("CU01 Register · CU02 Sign in")
        var weak = Cast.ana
        weak.password = "123"
        try await refusal("Someone registers with a 3-character password") { _ = try await app.register(weak) }
        let ana = try await enter(Cast.ana)
        let bruno = try await enter(Cast.bruno)
        let carmen = try await enter(Cast.carmen)
        defer { [ana, bruno, carmen].forEach { $0.signOut() } }
        try await refusal("Bruno mistypes his password") { _ = try await app.signIn(email: Cast.bruno.email, password: "x") }

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
        try await join(bruno, band, "Bruno")
        try await join(carmen, duo, "Carmen")
        try await refusal("Bruno tries the duo, which Ana and Carmen fill") { _ = try await bruno.joinGroup(duo) }

        try await chat(ana: ana, bruno: bruno, carmen: carmen, band: band)
        try await events(ana: ana, bruno: bruno, carmen: carmen, band: band)

        section("CU05 Leave")
        try await refusal("Ana, the band's owner, tries to leave while others remain") { _ = try await ana.leaveGroup(band) }
        let picnic = try await carmen.createGroup(Cast.picnic)
        print("Carmen creates \"\(picnic.title)\" and, its only member, leaves it:")
        if case .groupDeleted = try await carmen.leaveGroup(try idOf(picnic)) {
            print("  the group is deleted, and the clean-up trigger removed what hung from it")
        }

        section("RNF7 Delete account")
        let teo = try await enter(Cast.temporary)
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
        let outsider = LiveChat()
        let refused = carmen.listenToChat(band, outsider.deliver)
        do {
            _ = try await outsider.first { _ in true }
            print("✗ Carmen could read the band's chat")
        } catch let error as KomunitError {
            print("✓ refused by the rules: Carmen, not a member, listens to the band's chat → \"\(error.alertMessage)\"")
        }
        refused.remove()
        let live = LiveChat()
        let registration = bruno.listenToChat(band, live.deliver)
        defer { registration.remove() }
        let history = try await live.first { _ in true }
        print("Bruno opens the band's chat: \(DemoNarration.count(history.count, "message")) so far")
        try await refusal("Bruno sends an empty message") { try await bruno.sendMessage("   ", to: band) }
        let text = "Ensayo el sábado a las 18:00"
        try await ana.sendMessage(text, to: band)
        let seen = try await live.first { $0.count > history.count }
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
        let form = EventForm(title: "Ensayo general", description: "Local de ensayo 3", date: date, isFlexible: true)
        try await refusal("Bruno, a member, tries to plan an event") { _ = try await bruno.createEvent(in: band, form) }
        let existing = try await ana.events(of: band)
        let event: Evento
        if let first = existing.first {
            event = first
        } else {
            event = try await ana.createEvent(in: band, form)
        }
        let eventId = try idOf(event)
        print(existing.isEmpty ? "Ana plans \"\(event.title)\" (flexible)" : "Ana's event \"\(event.title)\" is there from an earlier run")
        var moved = form
        moved.description = "Local de ensayo 5"
        _ = try await ana.editEvent(eventId, in: band, with: moved)
        print("Ana moves it to \"\(moved.description)\"")
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

    /// Registers, or signs in when an earlier run registered the email; then enters the app.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        do {
            account = try await app.register(form)
            print("\(form.name) registers as \(form.email) → users/\(account.uid)")
        } catch .emailAlreadyInUse {
            account = try await app.signIn(email: form.email, password: form.password)
            print("\(form.email) is already registered → \(form.name) signs in (uid \(account.uid))")
        }
        return try await app.enterApp(as: account)
    }

    /// The id of `owner`'s group titled like `form`, created when missing.
    private func ownedGroup(_ owner: UserSession, _ form: GroupForm) async throws -> String {
        for id in try await owner.profile().ownedGroupIds where try await owner.group(id).title == form.title {
            print("\(form.title) exists from an earlier run")
            return id
        }
        let group = try await owner.createGroup(form)
        print("\(owner.account.email) creates \"\(group.title)\" (\(group.memberLimit) places) and is its first member")
        return try idOf(group)
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

    /// Runs `attempt`, which must fail with a `KomunitError`, and prints the app's message.
    private func refusal(_ what: String, _ attempt: () async throws -> Void) async throws {
        do {
            try await attempt()
            print("✗ \(what): unexpectedly allowed")
        } catch let error as KomunitError {
            print("✓ \(what) → \"\(error.alertMessage)\" (\(error))")
        }
    }

    private func section(_ title: String) { print("\n== \(title)") }

    private func idOf(_ group: Grupo) throws -> String {
        guard let id = group.id else { throw KomunitError.corruptDocument(path: "groups", detail: "no id") }
        return id
    }

    private func idOf(_ event: Evento) throws -> String {
        guard let id = event.id else { throw KomunitError.corruptDocument(path: "events", detail: "no id") }
        return id
    }

    private func describe(_ stats: StoreStatistics) -> String {
        [
            DemoNarration.count(stats.accounts, "account"), DemoNarration.count(stats.groups, "group"),
            DemoNarration.count(stats.memberships, "membership"), DemoNarration.count(stats.messages, "message"),
            DemoNarration.count(stats.events, "event"), DemoNarration.count(stats.attendances, "attendance"),
        ].joined(separator: ", ")
    }
}
