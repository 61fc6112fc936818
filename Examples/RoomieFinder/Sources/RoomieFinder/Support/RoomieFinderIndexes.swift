public import Hearth

/// The composite indexes RoomieFinder's queries need, as `firestore.indexes.json` text.
///
/// A test asserts the file beside `README.md` equals this text, and the tests run with
/// `requireIndexes`, so a query production Firestore would refuse for want of an index fails here too.
public enum RoomieFinderIndexes {
    /// The `firestore.indexes.json` source.
    public static let json = #"""
        {
          "indexes": [
            {
              "collectionGroup": "Anuncios",
              "queryScope": "COLLECTION",
              "fields": [
                { "fieldPath": "userID", "order": "ASCENDING" },
                { "fieldPath": "creadoEn", "order": "DESCENDING" }
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
