/// The list a search runs over (UC11–UC13 search "the list on screen"): every post of a kind, as
/// UC4 lists them, or the user's own, as "My posts" (UC5) lists them.
public enum PostScope: Sendable, Equatable, CaseIterable {
    /// Every post of the kind (UC4).
    case all
    /// The signed-in user's own posts of the kind (UC5): `user == me`.
    case mine
}
