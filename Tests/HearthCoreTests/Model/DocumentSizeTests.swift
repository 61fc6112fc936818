import Testing
@testable import HearthCore

private typealias S = ModelTestSupport

@Suite struct DocumentSizeTests {
    @Test(arguments: [("", 1), ("abc", 4), ("é", 3), ("\u{1F600}", 5), ("cafe\u{301}", 7)])
    func stringSize(string: String, size: Int) {
        #expect(DocumentSize.string(string) == size)
    }

    @Test func nameSizeFromTheDocs() throws {
        let key = try DocumentKey(validating: "users/jeff/tasks/my_task_id")
        #expect(DocumentSize.name(key) == 44)
        #expect(DocumentSize.name(path: key.path) == 44)
    }

    @Test func documentSizeFromTheDocs() throws {
        let key = try DocumentKey(validating: "users/jeff/tasks/my_task_id")
        let fields: [String: Value] = [
            "type": "Personal", "done": false, "priority": 1, "description": "Learn Cloud Firestore",
        ]
        #expect(DocumentSize.fields(fields) == 71)
        #expect(DocumentSize.document(key: key, fields: fields) == 147)
        #expect(DocumentSize.document(key: key, fields: [:]) == 76)
    }

    private static let valueSizes: [(Value, Int)] = [
        (Value.null, 1), (true, 1), (false, 1), (0, 8), (Value.integer(.max), 8), (1.5, 8), (.double(.nan), 8),
        (S.timestamp(5, 6), 8), (S.geoPoint(1, 2), 16), ("", 1), ("hello", 6), (.bytes([]), 0), (.bytes([1, 2, 3]), 3),
        (S.reference("users/jeff/tasks/my_task_id"), 44), ([], 0), ([1, "ab", .null], 12), ([:], 0),
        (["a": ["b": 1]], 12), (S.vector([]), 0), (S.vector([1, 2, 3]), 24),
        (["__type__": "__vector__", "value": [1, 2], "x": 1], 16),
        (["__type__": "other", "value": [1, 2]], 9 + 6 + 6 + 16),
    ]

    @Test(arguments: valueSizes)
    func valueSize(value: Value, size: Int) {
        #expect(DocumentSize.value(value) == size, "\(value)")
    }

    @Test func checkAcceptsExactlyOneMebibyte() throws {
        // Name "c/d" is 2 + 2 + 16 = 20; field "f" is 2 + (n + 1); plus 32: n + 55 in total.
        let key = try DocumentKey(validating: "c/d")
        let fields: [String: Value] = ["f": .string(String(repeating: "x", count: 1_048_576 - 55))]
        #expect(DocumentSize.document(key: key, fields: fields) == 1_048_576)
        try DocumentSize.check(key: key, database: S.database, fields: fields)
    }

    @Test func checkRejectsOversizeDocumentsWithFirestoresMessage() throws {
        let key = try DocumentKey(validating: "c/d")
        let fields: [String: Value] = ["f": .string(String(repeating: "x", count: 1_048_667 - 55))]
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Document 'projects/p/databases/(default)/documents/c/d' cannot be written because its size "
                    + "(1,048,667 bytes) exceeds the maximum allowed size of 1,048,576 bytes.")
        ) { try DocumentSize.check(key: key, database: S.database, fields: fields) }
    }

    @Test func manyFieldsAddUp() throws {
        let key = try DocumentKey(validating: "c/d")
        var fields: [String: Value] = [:]
        // Each field: name "fNNNNN" (7) + integer (8) = 15 bytes.
        for i in 0..<70_000 { fields["f" + String(100_000 + i).dropFirst()] = .integer(Int64(i)) }
        #expect(DocumentSize.document(key: key, fields: fields) == 20 + 70_000 * 15 + 32)
        #expect(throws: FirestoreError.self) { try DocumentSize.check(key: key, database: S.database, fields: fields) }
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_048_576, "1,048,576"), (-1_234, "-1,234"),
                      (123_456_789, "123,456,789")])
    func thousandsSeparators(value: Int, text: String) {
        #expect(MessageText.withThousandsSeparators(value) == text)
    }
}
