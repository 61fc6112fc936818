public import Hearth

/// The composite indexes WorkNow's queries need, as `firestore.indexes.json` text.
///
/// A test asserts the file beside `README.md` equals this text, and the tests run with
/// `requireIndexes`, so a query production Firestore would refuse for want of an index fails here too.
public enum WorkNowIndexes {
    /// The `firestore.indexes.json` source.
    public static let json = #"""
        {
          "indexes": [
            {
              "collectionGroup": "requests",
              "queryScope": "COLLECTION",
              "fields": [
                { "fieldPath": "categoria", "order": "ASCENDING" },
                { "fieldPath": "status", "order": "ASCENDING" },
                { "fieldPath": "worker", "order": "ASCENDING" },
                { "fieldPath": "createdAt", "order": "DESCENDING" }
              ]
            },
            {
              "collectionGroup": "requests",
              "queryScope": "COLLECTION",
              "fields": [
                { "fieldPath": "client", "order": "ASCENDING" },
                { "fieldPath": "createdAt", "order": "DESCENDING" }
              ]
            },
            {
              "collectionGroup": "requests",
              "queryScope": "COLLECTION",
              "fields": [
                { "fieldPath": "worker", "order": "ASCENDING" },
                { "fieldPath": "status", "order": "ASCENDING" },
                { "fieldPath": "createdAt", "order": "DESCENDING" }
              ]
            },
            {
              "collectionGroup": "requests",
              "queryScope": "COLLECTION",
              "fields": [
                { "fieldPath": "acceptedOffer", "order": "ASCENDING" },
                { "fieldPath": "createdAt", "order": "DESCENDING" }
              ]
            }
          ],
          "fieldOverrides": []
        }

        """#

    /// The parsed configuration.
    /// - Throws: `FirestoreError` if the text is not Firebase's format (a test proves it is).
    public static func configuration() throws(FirestoreError) -> IndexConfiguration {
        try IndexConfiguration(json: json)
    }
}
