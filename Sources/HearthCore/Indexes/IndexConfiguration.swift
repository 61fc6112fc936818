internal import Foundation

/// The indexes a database is configured with: `firestore.indexes.json`'s composite indexes and
/// single-field overrides. Hearth keeps every automatic single-field index whatever the overrides
/// say; overrides and composites matter for plans and for `requireIndexes`.
public struct IndexConfiguration: Sendable, Equatable {
    /// Composite indexes.
    public var indexes: [IndexDefinition]
    /// Single-field overrides.
    public var fieldOverrides: [FieldOverride]
    /// Vector indexes (entries of `indexes` whose last field has `vectorConfig`).
    public var vectorIndexes: [VectorIndexDefinition]

    /// Creates a configuration.
    public init(
        indexes: [IndexDefinition] = [], fieldOverrides: [FieldOverride] = [], vectorIndexes: [VectorIndexDefinition] = []
    ) {
        self.indexes = indexes
        self.fieldOverrides = fieldOverrides
        self.vectorIndexes = vectorIndexes
    }

    /// Reads `firestore.indexes.json` text (decoded with `Codable`, then checked entry by entry).
    /// - Throws: `INVALID_ARGUMENT` naming the first entry that is not Firebase's format.
    public init(json: String) throws(FirestoreError) {
        let file: IndexesFile
        do {
            file = try JSONDecoder().decode(IndexesFile.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(IndexesFile.describe(error))")
        } catch {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json is not valid JSON: \(error.localizedDescription)")
        }
        var indexes: [IndexDefinition] = []
        var vectorIndexes: [VectorIndexDefinition] = []
        for (position, entry) in (file.indexes ?? []).enumerated() {
            if let vector = try entry.vectorDefinition(at: "indexes[\(position)]") {
                vectorIndexes.append(vector)
            } else {
                indexes.append(try entry.definition(at: "indexes[\(position)]"))
            }
        }
        var overrides: [FieldOverride] = []
        for (position, entry) in (file.fieldOverrides ?? []).enumerated() {
            overrides.append(try entry.fieldOverride(at: "fieldOverrides[\(position)]"))
        }
        self.init(indexes: indexes, fieldOverrides: overrides, vectorIndexes: vectorIndexes)
    }

    /// The TTL policies the overrides declare (`"ttl": true`), in file order.
    public var ttlPolicies: [TTLPolicy] {
        fieldOverrides.filter(\.ttl).map { TTLPolicy(collectionGroup: $0.collectionGroup, fieldPath: $0.fieldPath) }
    }

    /// The composite indexes over collection id `collectionID`.
    func indexes(for collectionID: String) -> [IndexDefinition] {
        indexes.filter { String.equalUTF8($0.collectionGroup, collectionID) }
    }
}
