/// CU-06's filters, as the filter screen sets them: in each category, the options ticked.
///
/// Ticking nothing in a category keeps every ad; ticking every option of a category is the
/// thesis's "Error en filtros" — except languages, where ticking them all asks for a publisher who
/// speaks all six (the thesis fixed that case after user testing).
public struct AdFilter: Sendable, Equatable {
    /// Publisher's `sexo`.
    public var sexes: Set<Sex> = []
    /// Publisher's `fumar`: `true` keeps smokers, `false` non-smokers.
    public var smoking: Set<Bool> = []
    /// Publisher's `fiesta`: `true` keeps party lovers, `false` the others.
    public var partying: Set<Bool> = []
    /// Publisher's `trabaja`: `true` keeps workers, `false` students.
    public var working: Set<Bool> = []
    /// Publisher's `ambiente`.
    public var atmospheres: Set<Atmosphere> = []
    /// Languages the publisher must speak — every one of them.
    public var languages: Set<Language> = []
    /// Whether the ad offers a flat (`num_hab` set): `true` keeps ads with a flat, `false` without.
    public var flat: Set<Bool> = []
    /// Maximum budget in euros; 0 means no limit.
    public var maxBudget: Int = 0
    /// Only ads the user marked as favourite.
    public var favoritesOnly = false

    /// No filter at all: every ad but the user's own.
    public init() {}

    /// The filter after the search screen is refreshed: everything cleared except favourites only.
    public func refreshed() -> AdFilter {
        var cleared = AdFilter()
        cleared.favoritesOnly = favoritesOnly
        return cleared
    }

    /// Checks the filter screen's rules.
    /// - Throws: `invalidFilters` naming the first category with every option ticked, or a
    ///   negative budget.
    func validate() throws(RoomieFinderError) {
        let full: [(String, Bool)] = [
            ("sexo", sexes.count == Sex.allCases.count),
            ("fumar", smoking.count == 2),
            ("fiesta", partying.count == 2),
            ("trabaja", working.count == 2),
            ("ambiente", atmospheres.count == Atmosphere.allCases.count),
            ("piso", flat.count == 2),
        ]
        if let category = full.first(where: \.1)?.0 { throw .invalidFilters(category: category) }
        if maxBudget < 0 { throw .invalidFilters(category: "presupuesto") }
    }

    /// True when some category looks at the publisher's profile.
    var filtersProfiles: Bool {
        !sexes.isEmpty || !smoking.isEmpty || !partying.isEmpty || !working.isEmpty || !atmospheres.isEmpty
            || !languages.isEmpty
    }
}
