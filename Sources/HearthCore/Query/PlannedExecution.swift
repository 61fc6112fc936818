/// Plans a query and runs the plan: when a composite scan meets an entry it cannot order the
/// single-field plans still apply; when one of those does, only the full scan is left.
enum PlannedExecution {
    /// The plan that answered, with its documents, or the full-scan plan with nil (the caller
    /// then reads the query's collections whole).
    static func documents(
        planner: inout QueryPlanner, executor: IndexExecutor
    ) throws -> (plan: QueryPlan, documents: [Document]?) {
        let first = try planner.plan()
        if case .fullScan = first.source { return (first, nil) }
        if let found = try attempt(first, executor) { return (first, found) }
        if case .compositeScan = first.source {
            let second = try planner.plan(usingComposites: false)
            if let found = try attempt(second, executor) { return (second, found) }
        }
        return (QueryPlan(source: .fullScan(.cutEntry)), nil)
    }

    /// The plan's documents, or nil when it was abandoned.
    private static func attempt(_ plan: QueryPlan, _ executor: IndexExecutor) throws -> [Document]? {
        do {
            return try executor.documents(for: plan)
        } catch is IndexPlanAbandoned {
            return nil
        }
    }
}
