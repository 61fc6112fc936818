import Testing
@testable import HearthCore

/// Random commits against the engine and against a reference model written plainly from the fact
/// sheet (§3): after every commit the error code (or success) and every document must agree.
@Suite("Writes: engine versus a reference model")
struct WriteDifferentialTests {
    static let keys = ["c/a", "c/b", "c/a/sub/x", "d/y"]
    static let paths: [FieldPath] = [.p("a"), .p("b"), .p("m.x"), .p("m.y"), .p("m")]

    static func randomValue(_ g: inout ModelTestRandom) -> Value {
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return .null
        case 1: return .string("s\(Int.random(in: 0...2, using: &g))")
        case 2: return .double(Double(Int.random(in: -2...2, using: &g)) / 2)
        case 3: return .array((0..<Int.random(in: 0...3, using: &g)).map { _ in element(&g) })
        case 4: return ["k": .integer(Int64.random(in: 0...2, using: &g))]
        default: return .integer(Int64.random(in: -3...3, using: &g))
        }
    }

    /// An array element: an integer, or a double that may equal one (1.0 vs 1), or null.
    static func element(_ g: inout ModelTestRandom) -> Value {
        [Value.integer(0), .integer(1), .double(0), .double(1), .null][Int.random(in: 0..<5, using: &g)]
    }

    static func randomTransform(_ g: inout ModelTestRandom, at path: FieldPath) -> FieldTransform {
        let number: Value = Bool.random(using: &g) ? .integer(Int64.random(in: -2...2, using: &g)) : .double(0.5)
        let elements: [Value] = (0..<Int.random(in: 1...2, using: &g)).map { _ in element(&g) }
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return FieldTransform(path, .serverTimestamp)
        case 1: return FieldTransform(path, .increment(number))
        case 2: return FieldTransform(path, .maximum(number))
        case 3: return FieldTransform(path, .minimum(number))
        case 4: return FieldTransform(path, .appendMissingElements(elements))
        default: return FieldTransform(path, .removeAllFromArray(elements))
        }
    }

    static func randomWrite(_ g: inout ModelTestRandom) throws -> Write {
        let key = try DocumentKey(validating: keys[Int.random(in: 0..<keys.count, using: &g)])
        var fields: [String: Value] = [:]
        for name in ["a", "b", "m"] where Bool.random(using: &g) { fields[name] = randomValue(&g) }
        let transformPath = [FieldPath.p("t"), .p("a"), .p("m.z")][Int.random(in: 0..<3, using: &g)]
        let transforms = Bool.random(using: &g) ? [randomTransform(&g, at: transformPath)] : []
        let precondition: Precondition = [.none, .none, .exists(true), .exists(false)][Int.random(in: 0..<4, using: &g)]
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            return Write(.delete(key), precondition: precondition)
        case 1:
            // A masked update: mask paths drawn so none is a prefix of another; fields only under the mask.
            let mask = [[FieldPath.p("a")], [.p("b"), .p("m.x")], [.p("m")], [.p("a"), .p("m.y")]][Int.random(in: 0..<4, using: &g)]
            var maskedFields: [String: Value] = [:]
            for path in mask where Bool.random(using: &g) { maskedFields.setValue(randomValue(&g), at: path) }
            let safeTransforms = transforms.filter { t in !mask.contains { $0.isPrefix(of: t.fieldPath) || t.fieldPath.isPrefix(of: $0) } }
            return Write(.update(key, fields: maskedFields, mask: mask), transforms: safeTransforms, precondition: precondition)
        default:
            return Write(.set(key, fields: fields), transforms: transforms, precondition: precondition)
        }
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func engineAgreesWithTheReferenceModel(seed: UInt64) async throws {
        var g = ModelTestRandom(seed: seed)
        let t = try TestEngine()
        var model = ReferenceModel()
        var committed = 0
        var refused = 0
        defer {
            #expect(committed >= 100 && refused >= 20, "the generator must exercise both outcomes (\(committed)/\(refused))")
            let report = try? t.engine.verify()
            #expect(report?.isHealthy == true, "storage invariants: \(report?.problems ?? ["verify failed"])")
        }
        for step in 0..<400 {
            let writes = try (0..<Int.random(in: 1...3, using: &g)).map { _ in try Self.randomWrite(&g) }
            let expected = model.apply(writes)
            do {
                let result = try await t.engine.commit(writes, in: t.database)
                model.commit(writes, at: result.commitTime)
                committed += 1
                #expect(expected == nil, "step \(step): engine accepted what the model rejects (\(expected?.name ?? ""))")
            } catch {
                refused += 1
                #expect(expected == error.code, "step \(step): \(error) but the model says \(expected?.name ?? "success")")
            }
            for path in Self.keys {
                let stored = try await t.engine.getDocument(try DocumentKey(validating: path), in: t.database)?.fields
                #expect(stored == model.documents[path], "step \(step), \(path)")
                if stored != model.documents[path] { return }
            }
        }
    }
}

/// Firestore's write semantics, written plainly and independently of `CommitApplier`.
struct ReferenceModel {
    private(set) var documents: [String: [String: Value]] = [:]

    /// The error code Firestore gives for `writes`, or nil when they commit.
    func apply(_ writes: [Write]) -> FirestoreError.Code? {
        var state = documents
        var touched: Set<String> = []
        for write in writes {
            let path = write.key.path.canonicalString
            let exists = state[path] != nil
            var failure: FirestoreError.Code?
            switch write.precondition {
            case .exists(true) where !exists: failure = .notFound
            case .exists(false) where exists: failure = .alreadyExists
            default: break
            }
            if let failure { return touched.contains(path) ? .invalidArgument : failure }
            touched.insert(path)
            state[path] = Self.result(of: write, on: state[path], commitTime: Timestamp(microseconds: 0))
        }
        return nil
    }

    /// Applies committed writes with the commit's time.
    mutating func commit(_ writes: [Write], at time: Timestamp) {
        for write in writes {
            let path = write.key.path.canonicalString
            documents[path] = Self.result(of: write, on: documents[path], commitTime: time)
        }
    }

    static func result(of write: Write, on current: [String: Value]?, commitTime: Timestamp) -> [String: Value]? {
        var fields: [String: Value]
        switch write.operation {
        case .delete: return nil
        case .verify: return current
        case .set(_, let new): fields = new
        case .update(_, let new, let mask):
            fields = current ?? [:]
            for path in mask {
                if let value = new.value(at: path) { fields.setValue(value, at: path) } else { fields.removeValue(at: path) }
            }
        }
        for transform in write.transforms {
            let old = fields.value(at: transform.fieldPath)
            fields.setValue(transformed(old, transform.kind, commitTime), at: transform.fieldPath)
        }
        return fields
    }

    /// §3.4, one transform at a time.
    static func transformed(_ old: Value?, _ kind: FieldTransform.Kind, _ time: Timestamp) -> Value {
        func number(_ v: Value?) -> Double? {
            switch v { case .integer(let i)?: Double(i); case .double(let d)?: d; default: nil }
        }
        switch kind {
        case .serverTimestamp:
            return .timestamp(time)
        case .increment(let n):
            if case .integer(let a)? = old, case .integer(let b) = n {
                let (sum, overflow) = a.addingReportingOverflow(b)
                return overflow ? .integer(b > 0 ? .max : .min) : .integer(sum)
            }
            guard let a = number(old) else { return n }
            return .double(a + (number(n) ?? 0))
        case .maximum(let n), .minimum(let n):
            guard let old, number(old) != nil else { return n }
            if old.isNaN || n.isNaN { return .double(.nan) }
            let c = Value.compare(n, old)
            if c == 0 { return old }
            if case .maximum = kind { return c > 0 ? n : old }
            return c < 0 ? n : old
        case .appendMissingElements(let elements):
            var array = old?.arrayValue ?? []
            for e in elements where !array.contains(where: { Value.compare($0, e) == 0 }) { array.append(e) }
            return .array(array)
        case .removeAllFromArray(let elements):
            return .array((old?.arrayValue ?? []).filter { a in !elements.contains { Value.compare($0, a) == 0 } })
        }
    }
}
