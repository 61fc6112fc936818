extension PipelineFunctions {
    // MARK: Vectors

    /// The vector functions: they take vector values (what the SDKs send for a list of numbers
    /// given to them), not arrays.
    static let vectors: [String: Function] = [
        "vector_length": values(1...1) { values in
            guard let vector = vector(values[0]) else { return wrongType("vector_length", values[0]) }
            return .value(.integer(Int64(vector.count)))
        },
        "dot_product": twoVectors("dot_product") { a, b in .value(.double(dot(a, b))) },
        "euclidean_distance": twoVectors("euclidean_distance") { a, b in
            .value(.double(zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()))
        },
        "cosine_distance": twoVectors("cosine_distance") { a, b in
            let norms = dot(a, a).squareRoot() * dot(b, b).squareRoot()
            guard norms != 0 else { return .error("Function cosine_distance is undefined for a zero vector.") }
            return .value(.double(1 - dot(a, b) / norms))
        },
    ]

    /// A vector's components: a map `{"__type__": "__vector__", "value": [numbers]}`.
    static func vector(_ value: Value) -> [Double]? {
        guard case .map(let fields) = value, fields["__type__"] == .string("__vector__"),
            case .array(let elements)? = fields["value"]
        else { return nil }
        var components: [Double] = []
        components.reserveCapacity(elements.count)
        for element in elements {
            guard let number = element.number else { return nil }
            components.append(number)
        }
        return components
    }

    /// The sum of the products of `a`'s and `b`'s components.
    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// A function of two vectors of the same dimension.
    static func twoVectors(_ name: String, _ body: @escaping @Sendable ([Double], [Double]) -> PipelineOutcome) -> Function {
        values(2...2) { values in
            guard let a = vector(values[0]) else { return wrongType(name, values[0]) }
            guard let b = vector(values[1]) else { return wrongType(name, values[1]) }
            guard a.count == b.count else {
                return .error("Function \(name) takes vectors of the same dimension, not \(a.count) and \(b.count).")
            }
            return body(a, b)
        }
    }
}
