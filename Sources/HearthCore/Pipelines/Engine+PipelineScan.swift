#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LMDB
import Synchronization

extension Engine {
    /// A `collection` source, any `where` stages and then an `aggregate` or `distinct`, run as one
    /// walk over the collection's stored records: each document gives only the top-level fields
    /// the stages name, decoded straight from its bytes into the groups, and no document is
    /// built or kept. Returns the groups' rows, how many stages they stand for and how many
    /// documents were read; nil when the
    /// pipeline has another shape, reads at another time or in a transaction, or rules judge the
    /// caller (the general path then runs it, with the same results).
    func streamedAggregate(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator
    ) throws(FirestoreError) -> (rows: [PipelineRow], stages: Int, documentsRead: Int)? {
        guard consistency == .strong, policy(for: access) == nil,
              let shape = StreamedAggregateShape(pipeline.stages), let plan = StreamedAggregatePlan(shape)
        else { return nil }
        var grouping = PipelineGrouping(accumulators: shape.accumulators, groups: shape.groups)
        var documentsRead = 0
        var tails: UInt8 = 0
        try read { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn),
                  let collection = try store.catalog.collectionNumber(db: db, path: shape.path, in: txn, remember: false)
            else { return }
            let prefix = StorageKeys.documentsPrefix(db: db, collection: collection)
            var scanner = StreamedAggregateScanner(plan: plan, path: shape.path, evaluator: evaluator)
            try txn.scan(in: store.tables.documents, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { key, value in
                guard let fields = try DocumentRecord.fieldBytes(of: value) else { return true }
                documentsRead += 1
                // A byte in the middle of each record and its last one are loaded first: their
                // addresses need no parsing, so the record's later cache lines are on their way
                // while the first is parsed. The walk waits on memory more than it computes.
                tails &+= value[value.count / 2] &+ value[value.count - 1]
                try scanner.add(key: UnsafeRawBufferPointer(rebasing: key[prefix.count...]), record: value, fields: fields, to: &grouping)
                return true
            }
        }
        recordTailSink.store(tails, ordering: .relaxed)
        return (grouping.rows(), shape.stageCount, documentsRead)
    }
}

/// The pipelines a streamed aggregate runs: a collection, `where` stages, an aggregate or distinct.
struct StreamedAggregateShape {
    /// The collection read.
    let path: ResourcePath
    /// The conditions every row must meet.
    let conditions: [PipelineExpression]
    /// The aggregate's accumulators (none for `distinct`).
    let accumulators: [String: PipelineAggregate]
    /// The groups.
    let groups: [String: PipelineExpression]
    /// How many stages, the source included, this stands for.
    let stageCount: Int

    /// The shape of `stages`, or nil when they start otherwise.
    init?(_ stages: [PipelineStage]) {
        guard case .collection(let path)? = stages.first, path.count % 2 == 1 else { return nil }
        var conditions: [PipelineExpression] = []
        for (offset, stage) in stages.enumerated().dropFirst() {
            switch stage {
            case .where(let condition):
                conditions.append(condition)
                continue
            case .aggregate(let accumulators, let groups):
                (self.accumulators, self.groups) = (accumulators, groups)
            case .distinct(let groups):
                (self.accumulators, self.groups) = ([:], groups)
            default:
                return nil
            }
            self.path = path
            self.conditions = conditions
            stageCount = offset + 1
            return
        }
        return nil
    }
}

/// What a streamed aggregate reads of each document: the top-level fields its expressions name,
/// and whether they need the document's name; with no conditions and only plain field groups and
/// arguments, rows go to the groups without a row being built.
struct StreamedAggregatePlan {
    /// The top-level field names read, laid out for matching stored keys.
    let names: ValueCodec.FieldNames
    /// The same names as strings (to build a row).
    let fieldNames: [String]
    /// Whether an expression reads `__name__`.
    let needsKey: Bool
    /// The conditions.
    let conditions: [PipelineExpression]
    /// For each group, in `PipelineGrouping.groupNames` order, the slot it reads; nil when some
    /// group or argument is not a plain top-level field (rows are then built and evaluated).
    let directGroups: [Int]?
    /// For each accumulator, the slot its argument reads (nil for `count()`).
    let directArguments: [Int?]

    /// The plan for `shape`, or nil when some expression needs the whole row.
    init?(_ shape: StreamedAggregateShape) {
        var names: [String] = []
        var needsKey = false
        var wholeRow = false
        func collect(_ expression: PipelineExpression) {
            switch expression {
            case .field(let path):
                if path.isDocumentID { needsKey = true } else if let first = path.segments.first, !names.contains(first) {
                    names.append(first)
                }
            case .constant: break
            case .function(let name, let arguments):
                if name == "current_document" { wholeRow = true }
                arguments.forEach(collect)
            case .map(let members): members.values.forEach(collect)
            case .array(let members): members.forEach(collect)
            case .variable: break  // an outer scope's: the evaluator holds it
            case .pipeline: wholeRow = true  // a subquery may read the outer document: the general path
            }
        }
        shape.conditions.forEach(collect)
        shape.groups.values.forEach(collect)
        shape.accumulators.values.forEach { $0.argument.map(collect) }
        guard !wholeRow else { return nil }
        self.names = ValueCodec.FieldNames(names)
        fieldNames = names
        self.needsKey = needsKey
        conditions = shape.conditions
        func slot(_ expression: PipelineExpression) -> Int? {
            guard case .field(let path) = expression, path.segments.count == 1, !path.isDocumentID else { return nil }
            return names.firstIndex(of: path.segments[0])
        }
        let groupSlots = shape.groups.keys.sorted().compactMap { shape.groups[$0].flatMap(slot) }
        let arguments = shape.accumulators.keys.sorted().compactMap { shape.accumulators[$0]?.argument }
        let argumentSlots = shape.accumulators.keys.sorted().map { shape.accumulators[$0]?.argument.flatMap(slot) }
        let direct = shape.conditions.isEmpty && groupSlots.count == shape.groups.count
            && argumentSlots.compactMap { $0 }.count == arguments.count
        directGroups = direct ? groupSlots : nil
        directArguments = argumentSlots
    }
}

/// Feeds one document at a time into a `PipelineGrouping`, reusing its buffers between documents.
///
/// With plain field groups, a document's group is found by the canonical encoding of its group
/// values (`appendCanonical`), so group values are decoded once per group, not per document.
struct StreamedAggregateScanner {
    let plan: StreamedAggregatePlan
    let path: ResourcePath
    let evaluator: PipelineEvaluator
    private var ranges: [Range<Int>?]
    private var groupKey: [UInt8] = []
    private var groupsByKey: [[UInt8]: Int] = [:]
    private var fewGroupKeys: [[UInt8]] = []
    private var fewGroupNumbers: [Int] = []
    /// Each of `fewGroupKeys`' first (up to) 8 bytes as a word, compared before the bytes.
    private var fewGroupWords: [UInt64] = []
    /// Keys of up to 16 bytes (most group values), found before the others are searched.
    private var shortKeys = ShortGroupKeys()
    /// Up to this many groups are found by comparing keys, beyond it by hashing.
    private static let linearSearchLimit = 12

    /// A scanner of documents of the collection at `path`.
    init(plan: StreamedAggregatePlan, path: ResourcePath, evaluator: PipelineEvaluator) {
        self.plan = plan
        self.path = path
        self.evaluator = evaluator
        ranges = Array(repeating: nil, count: plan.names.count)
    }

    /// Adds the document stored under id key part `key` with record `record` and field bytes `fields`.
    /// - Throws: `DATA_LOSS` for corrupt bytes; `INVALID_ARGUMENT` when a group expression fails.
    mutating func add(
        key: UnsafeRawBufferPointer, record: UnsafeRawBufferPointer, fields: UnsafeRawBufferPointer,
        to grouping: inout PipelineGrouping
    ) throws(FirestoreError) {
        for index in ranges.indices { ranges[index] = nil }
        var reader = ByteReader(fields)
        try ValueCodec.findFields(&reader, names: plan.names, into: &ranges)
        if let direct = plan.directGroups, direct.count == 1, let range = ranges[direct[0]],
           let known = Self.isCanonical(fields[range.lowerBound]) ? knownGroup(UnsafeRawBufferPointer(rebasing: fields[range])) : nil {
            // One group field whose stored bytes are already canonical and seen before: no copy.
            try addArguments(of: fields, toGroup: known, to: &grouping)
            return
        }
        if let direct = plan.directGroups {
            groupKey.removeAll(keepingCapacity: true)
            for slot in direct { try Self.appendCanonical(ranges[slot], of: fields, to: &groupKey) }
            let group: Int
            if let known = knownGroup(groupKey) {
                group = known
            } else {
                var values: [Value] = []
                for slot in direct { values.append(try ranges[slot].map { range throws(FirestoreError) in try ValueCodec.decode(fields, at: range) } ?? .null) }
                group = grouping.group(of: values)
                remember(groupKey, as: group)
            }
            try addArguments(of: fields, toGroup: group, to: &grouping)
            return
        }
        var row = PipelineRow(fields: [:])
        for (name, range) in zip(plan.fieldNames, ranges) {
            if let range { row.fields[name] = try ValueCodec.decode(fields, at: range) }
        }
        if plan.needsKey {
            let id = StorageKeys.isShortened(idKeyLength: key.count)
                ? (try DocumentRecord.fullID(of: record) ?? "") : StorageKeys.id(fromKeyPart: key)
            row.key = DocumentKey(unchecked: path.appending(id))
        }
        for condition in plan.conditions where try !evaluator.evaluate(condition, row).isTrue { return }
        try grouping.add(row, evaluator: evaluator)
    }

    /// Feeds the accumulators' arguments, read from the document's field bytes, to group `group`.
    /// (Mutating, as are the other helpers `add` calls, only so that `self` is passed in place
    /// rather than copied for every document.)
    private mutating func addArguments(
        of fields: UnsafeRawBufferPointer, toGroup group: Int, to grouping: inout PipelineGrouping
    ) throws(FirestoreError) {
        for index in plan.directArguments.indices {
            guard let slot = plan.directArguments[index] else {
                grouping.addRow(toGroup: group, accumulator: index)
                continue
            }
            guard let range = ranges[slot] else {
                grouping.add(toGroup: group, accumulator: index, .absent)
                continue
            }
            if let integer = try ValueCodec.integer(fields, at: range) {
                grouping.add(toGroup: group, accumulator: index, integer: integer)
            } else {
                grouping.add(toGroup: group, accumulator: index, .value(try ValueCodec.decode(fields, at: range)))
            }
        }
    }

    /// Whether a stored value with this tag byte is its own canonical group key (not a number,
    /// array or map, which `appendCanonical` re-encodes).
    private static func isCanonical(_ tag: UInt8) -> Bool {
        switch ValueCodec.Tag(rawValue: tag) {
        case .double?, .array?, .map?, nil: false
        default: true
        }
    }

    /// The group whose canonical key is `key`, if one has been seen.
    private mutating func knownGroup(_ key: [UInt8]) -> Int? {
        key.withUnsafeBytes { knownGroup($0) }
    }

    /// The group whose canonical key is the bytes `key`, if one has been seen.
    private mutating func knownGroup(_ key: UnsafeRawBufferPointer) -> Int? {
        if ShortGroupKeys.fits(key), let group = shortKeys.group(of: key) { return group }
        guard groupsByKey.isEmpty else { return groupsByKey[Array(key)] }
        let word = ValueCodec.FieldNames.word(key, from: 0, count: min(key.count, 8))
        for index in fewGroupWords.indices where fewGroupWords[index] == word {
            let candidate = fewGroupKeys[index]
            guard candidate.count == key.count else { continue }
            if key.count <= 8 || candidate.withUnsafeBytes({ ValueCodec.sameBytes($0, key) }) { return fewGroupNumbers[index] }
        }
        return nil
    }

    /// Remembers that canonical key `key` is group number `group`.
    private mutating func remember(_ key: [UInt8], as group: Int) {
        if key.withUnsafeBytes({ ShortGroupKeys.fits($0) && shortKeys.insert($0, group: group) }) { return }
        if groupsByKey.isEmpty && fewGroupKeys.count < Self.linearSearchLimit {
            fewGroupKeys.append(key)
            fewGroupNumbers.append(group)
            fewGroupWords.append(key.withUnsafeBytes { ValueCodec.FieldNames.word($0, from: 0, count: min(key.count, 8)) })
            return
        }
        for (known, number) in zip(fewGroupKeys, fewGroupNumbers) { groupsByKey[known] = number }
        fewGroupKeys = []
        fewGroupNumbers = []
        fewGroupWords = []
        groupsByKey[key] = group
    }

    /// Appends the encoding of the group value at `range` (absent: null) in a form equal for
    /// values of one group: the stored bytes themselves, except that numbers, arrays and maps
    /// (which may hold numbers) are re-encoded after `groupingKey` (so 1 and 1.0 match).
    static func appendCanonical(
        _ range: Range<Int>?, of buffer: UnsafeRawBufferPointer, to key: inout [UInt8]
    ) throws(FirestoreError) {
        guard let range else { return ValueCodec.encode(.null, into: &key) }
        switch ValueCodec.Tag(rawValue: buffer[range.lowerBound]) {
        case .double?, .array?, .map?:
            ValueCodec.encode(try ValueCodec.decode(buffer, at: range).groupingKey, into: &key)
        default:
            key.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[range]))
        }
    }
}

/// Where a streamed aggregate leaves the sum of its records' last bytes. Nothing reads it:
/// storing it keeps the early loads of those bytes (see `streamedAggregate`) from being removed.
private let recordTailSink = Atomic<UInt8>(0)
