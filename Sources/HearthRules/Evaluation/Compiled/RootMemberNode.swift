/// `request.name` or `resource.name`: the member is built straight from what the object is made
/// of, so a rule reading `request.auth` or `resource.data` never builds the rest of the object.
/// Budget and coverage are charged for the bare name too, as evaluating it would.
final class RootMemberNode: RuleNode, @unchecked Sendable {
    /// The bare name, for when it does not denote the request-wide object (a wildcard of the same
    /// name shadows it, or `resource` is a query symbol).
    let receiver: NameNode
    /// The member, resolved against the object the name denotes when nothing shadows it.
    let member: EvaluationContext.RootMember
    /// The member's name.
    let name: String

    /// A member of a root object for expression `id`.
    init(id: Int, receiver: NameNode, ofResource: Bool, name: String) {
        self.receiver = receiver
        self.member = EvaluationContext.RootMember(name: name, ofResource: ofResource)
        self.name = name
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let context = evaluator.context
        guard evaluator.denotesRoot(receiver.name, atScope: frame.scopeIndex),
              let (rootCode, result) = context.value(of: member)
        else { return try MemberNode.member(of: try receiver.evaluate(evaluator, frame), name) }
        try context.enterExpression()
        context.record(receiver.id, rootCode)
        return .value(try result.get())
    }
}
