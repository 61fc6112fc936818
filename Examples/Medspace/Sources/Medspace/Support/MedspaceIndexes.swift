/// The composite indexes and single-field overrides Medspace's queries need, as JSON text.
///
/// `firestore.indexes.json` (beside `README.md`) is the file a deployer uses; a test asserts that it
/// equals this text byte for byte. The app's tests open the store with `requireIndexes`, so a query
/// production Firestore would refuse for want of an index fails there: the file is proven complete.
public enum MedspaceIndexes {
    /// The `firestore.indexes.json` text.
    public static let json = #"""
        {
          "indexes": [
            {
              "collectionGroup": "News",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "News",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "News",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "News",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "News",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Cases",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Cases",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Cases",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Cases",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Cases",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Discussions",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Discussions",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Discussions",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Discussions",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Discussions",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Researches",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Researches",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Researches",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Researches",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "speciality",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            },
            {
              "collectionGroup": "Researches",
              "queryScope": "COLLECTION",
              "fields": [
                {
                  "fieldPath": "user",
                  "order": "ASCENDING"
                },
                {
                  "fieldPath": "titleWords",
                  "arrayConfig": "CONTAINS"
                },
                {
                  "fieldPath": "date",
                  "order": "DESCENDING"
                }
              ]
            }
          ],
          "fieldOverrides": [
            {
              "collectionGroup": "Comments",
              "fieldPath": "user",
              "indexes": [
                {
                  "order": "ASCENDING",
                  "queryScope": "COLLECTION"
                },
                {
                  "order": "DESCENDING",
                  "queryScope": "COLLECTION"
                },
                {
                  "arrayConfig": "CONTAINS",
                  "queryScope": "COLLECTION"
                },
                {
                  "order": "ASCENDING",
                  "queryScope": "COLLECTION_GROUP"
                }
              ]
            },
            {
              "collectionGroup": "items",
              "fieldPath": "firstWord",
              "indexes": [
                {
                  "order": "ASCENDING",
                  "queryScope": "COLLECTION"
                },
                {
                  "order": "DESCENDING",
                  "queryScope": "COLLECTION"
                },
                {
                  "arrayConfig": "CONTAINS",
                  "queryScope": "COLLECTION"
                },
                {
                  "order": "ASCENDING",
                  "queryScope": "COLLECTION_GROUP"
                }
              ]
            }
          ]
        }

        """#
}
