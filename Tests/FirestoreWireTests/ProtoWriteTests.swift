import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf
import Testing

@Suite("ProtoWrite")
struct ProtoWriteTests {
    let name = "projects/p/databases/(default)/documents/c/d"

    private func integer(_ number: Int64) -> Google_Firestore_V1_Value {
        var value = Google_Firestore_V1_Value()
        value.integerValue = number
        return value
    }

    @Test("an update without a mask is a set; with a mask it is an update")
    func setAndUpdate() throws {
        var write = Google_Firestore_V1_Write()
        var document = Google_Firestore_V1_Document()
        document.name = name
        document.fields = ["a": integer(1)]
        write.update = document
        let key = try DocumentKey(validating: "c/d")
        #expect(try ProtoWrite.write(write, in: testDatabase()) == Write(.set(key, fields: ["a": 1])))
        var mask = Google_Firestore_V1_DocumentMask()
        mask.fieldPaths = ["a", "b.`x.y`"]
        write.updateMask = mask
        var precondition = Google_Firestore_V1_Precondition()
        precondition.exists = true
        write.currentDocument = precondition
        let paths = [try FieldPath(serverFormat: "a"), try FieldPath(validatingSegments: ["b", "x.y"])]
        #expect(try ProtoWrite.write(write, in: testDatabase())
            == Write(.update(key, fields: ["a": 1], mask: paths), precondition: .exists(true)))
    }

    @Test("a present but empty mask changes no fields")
    func emptyMask() throws {
        var write = Google_Firestore_V1_Write()
        var document = Google_Firestore_V1_Document()
        document.name = name
        write.update = document
        write.updateMask = Google_Firestore_V1_DocumentMask()
        var transform = Google_Firestore_V1_DocumentTransform.FieldTransform()
        transform.fieldPath = "t"
        transform.setToServerValue = .requestTime
        write.updateTransforms = [transform]
        let key = try DocumentKey(validating: "c/d")
        #expect(try ProtoWrite.write(write, in: testDatabase())
            == Write(.update(key, fields: [:], mask: []), transforms: [FieldTransform(try FieldPath(serverFormat: "t"), .serverTimestamp)]))
    }

    @Test("every transform kind maps")
    func transforms() throws {
        var array = Google_Firestore_V1_ArrayValue()
        array.values = [integer(1)]
        var kinds: [Google_Firestore_V1_DocumentTransform.FieldTransform.OneOf_TransformType] = []
        kinds.append(.increment(integer(2)))
        kinds.append(.maximum(integer(3)))
        kinds.append(.minimum(integer(4)))
        kinds.append(.appendMissingElements(array))
        kinds.append(.removeAllFromArray(array))
        let expected: [FieldTransform.Kind] = [
            .increment(2), .maximum(3), .minimum(4), .appendMissingElements([1]), .removeAllFromArray([1]),
        ]
        for (kind, expectation) in zip(kinds, expected) {
            var transform = Google_Firestore_V1_DocumentTransform.FieldTransform()
            transform.fieldPath = "n"
            transform.transformType = kind
            #expect(try ProtoWrite.transform(transform).kind == expectation)
        }
    }

    @Test("a write into another database is INVALID_ARGUMENT")
    func otherDatabase() {
        var write = Google_Firestore_V1_Write()
        write.delete = "projects/other/databases/(default)/documents/c/d"
        expectFirestoreError(.invalidArgument) { _ = try ProtoWrite.write(write, in: testDatabase()) }
    }

    @Test("preconditions map")
    func preconditions() throws {
        var precondition = Google_Firestore_V1_Precondition()
        #expect(try ProtoWrite.precondition(precondition) == Precondition.none)
        precondition.exists = false
        #expect(try ProtoWrite.precondition(precondition) == .exists(false))
        var time = Google_Protobuf_Timestamp()
        time.seconds = 5
        precondition.updateTime = time
        #expect(try ProtoWrite.precondition(precondition) == .updateTime(try Timestamp(seconds: 5, nanoseconds: 0)))
    }
}
