/// Komunit's composite indexes: the text of `firestore.indexes.json`. A test checks that it equals
/// this text byte for byte.
public enum KomunitIndexes {
    /// The `firestore.indexes.json` source.
    public static let source = #"""
        {
          "indexes": [],
          "fieldOverrides": []
        }

        """#
}
