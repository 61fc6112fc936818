import Testing

@testable import HearthRules

/// Global functions, `math`, `path`, `latlng`, bytes, hashing and `debug`.
@Suite struct LibraryFunctionsTests {
    /// Int conversion.
    @Test func intConversion() {
        #expect(yields(2) { try callFunction("int", "2") })
        #expect(yields(-42) { try callFunction("int", "-42") })
        #expect(yields(2) { try callFunction("int", 2.9) })
        #expect(yields(-2) { try callFunction("int", -2.9) })
        #expect(errorOf { try callFunction("int", "2.5") }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("int", 1e30) }?.kind == .overflow)
        #expect(errorOf { try callFunction("int", .float(.nan)) }?.kind == .overflow)
        #expect(errorOf { try callFunction("int", true) }?.kind == .unsupportedOperation)
        #expect(errorOf { try callFunction("int") }?.kind == .argumentCount)
    }

    /// Float conversion.
    @Test func floatConversion() {
        #expect(yields(2.2) { try callFunction("float", "2.2") })
        #expect(yields(2.0) { try callFunction("float", 2) })
        #expect(yields(1500.0) { try callFunction("float", "1.5e3") })
        #expect(errorOf { try callFunction("float", "abc") }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("float", nil) } == .nullValue)
    }

    /// String conversion.
    @Test func stringConversion() {
        #expect(yields("true") { try callFunction("string", true) })
        #expect(yields("1") { try callFunction("string", 1) })
        #expect(yields("2.0") { try callFunction("string", 2.0) })
        #expect(yields("null") { try callFunction("string", nil) })
        #expect(yields("/users/alice") { try callFunction("string", .path(RulePath(parsing: "users/alice"))) })
        #expect(errorOf { try callFunction("string", [1]) }?.kind == .unsupportedOperation)
    }

    /// Bool conversion.
    @Test func boolConversion() {
        #expect(yields(true) { try callFunction("bool", "true") })
        #expect(yields(false) { try callFunction("bool", "false") })
        #expect(errorOf { try callFunction("bool", "yes") }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("bool", 1) }?.kind == .unsupportedOperation)
    }

    /// Path function and bind.
    @Test func pathFunctionAndBind() {
        let path = valueOf { try callFunction("path", "users/alice") } ?? nil
        #expect(path.isType(.path))
        #expect(yields("alice") { try RuleOperations.index(path, 1) })
        #expect(
            errorOf { try callFunction("path", path) }?.message
                == "Unsupported operation error. Received: path(path). Expected: path(string).")
        let template = valueOf { try callFunction("path", "users/{uid}/posts/$(post)") } ?? nil
        let bound = valueOf { try callMethod("bind", template, ["uid": "alice", "post": 7]) } ?? nil
        #expect(bound == .path(RulePath(parsing: "users/alice/posts/7")))
        #expect(yields("alice") { try RuleOperations.member(bound, "uid") })
        #expect(errorOf { try callMethod("bind", template, ["uid": "alice"]) }?.kind == .undefinedProperty)
        #expect(errorOf { try callMethod("bind", template, "x") }?.kind == .unsupportedOperation)
        #expect(errorOf { try callMethod("size", template) }?.kind == .functionNotFound)
    }

    /// Math functions.
    @Test func mathFunctions() {
        #expect(yields(1) { try callFunction("math.abs", -1) })
        #expect(yields(1.5) { try callFunction("math.abs", -1.5) })
        #expect(
            errorOf { try callFunction("math.abs", "x") }?.message
                == "Unsupported operation error. Received: math.abs(string). Expected: math.abs(int), math.abs(float).")
        #expect(
            errorOf { try callFunction("math.abs", 1, 2) }?.message
                == "Incorrect number of arguments. Received: 2. Expected: math.abs(int), math.abs(float).")
        #expect(errorOf { try callFunction("math.abs", .int(.min)) }?.kind == .overflow)
        #expect(yields(3) { try callFunction("math.ceil", 2.1) })
        #expect(yields(2) { try callFunction("math.ceil", 2.0) })
        #expect(yields(2) { try callFunction("math.floor", 2.7) })
        #expect(yields(-3) { try callFunction("math.floor", -2.5) })
        #expect(yields(2) { try callFunction("math.round", 2.4) })
        #expect(yields(3) { try callFunction("math.round", 2.5) })
        #expect(yields(-3) { try callFunction("math.round", -2.5) })
        #expect(yields(5) { try callFunction("math.round", 5) })
        #expect(errorOf { try callFunction("math.ceil", .float(.infinity)) }?.kind == .overflow)
        #expect(yields(1.5) { try callFunction("math.sqrt", 2.25) })
        #expect(yields(.float(.nan)) { try callFunction("math.sqrt", -1) })
        #expect(yields(4.0) { try callFunction("math.pow", 2, 2) })
        #expect(yields(2.0) { try callFunction("math.pow", 4, 0.5) })
        #expect(
            errorOf { try callFunction("math.pow", 2, "x") }?.message
                == "Unsupported operation error. Received: math.pow(int, string). Expected: math.pow(float, float).")
        #expect(yields(true) { try callFunction("math.isNaN", .float(.nan)) })
        #expect(yields(false) { try callFunction("math.isNaN", 1.0) })
        #expect(errorOf { try callFunction("math.isNaN", 1) }?.kind == .unsupportedOperation)
        #expect(yields(true) { try callFunction("math.isInfinite", .float(-.infinity)) })
        #expect(
            errorOf { try callFunction("math.max", 1, 2) }?.message
                == "Function not found error: Name: [math.max].")
    }

    /// Lat lng.
    @Test func latLng() {
        let sanFrancisco = valueOf { try callFunction("latlng.value", 37.7749, -122.4194) } ?? nil
        let losAngeles = valueOf { try callFunction("latlng.value", 34.0522, -118.2437) } ?? nil
        #expect(yields(37.7749) { try callMethod("latitude", sanFrancisco) })
        #expect(yields(-122.4194) { try callMethod("longitude", sanFrancisco) })
        guard case .float(let metres)? = valueOf({ try callMethod("distance", sanFrancisco, losAngeles) }) else {
            Issue.record("distance is not a float")
            return
        }
        #expect(abs(metres - 559_121.349) < 0.01)
        #expect(
            yields(.latlng(RuleLatLng(uncheckedLatitude: 1, longitude: 2))) { try callFunction("latlng.value", 1, 2) })
        #expect(
            errorOf { try callFunction("latlng.value", -100.0, -122.08) }?.message
                == "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. "
                + "latitude: -100.0, longitude: -122.08.")
        #expect(errorOf { try callMethod("distance", sanFrancisco, 1) }?.kind == .unsupportedOperation)
    }

    /// Bytes methods.
    @Test func bytesMethods() {
        #expect(yields("aGk=") { try callMethod("toBase64", callMethod("toUtf8", "hi")) })
        #expect(yields("fn5-") { try callMethod("toBase64", callMethod("toUtf8", "~~~")) })
        #expect(yields("----") { try callMethod("toBase64", .bytes([0xFB, 0xEF, 0xBE])) })
        #expect(yields("") { try callMethod("toBase64", .bytes([])) })
        #expect(yields("2A") { try callMethod("toHexString", .bytes([0x2A])) })
        #expect(yields("E282AC") { try callMethod("toHexString", callMethod("toUtf8", "€")) })
        #expect(yields(3) { try callMethod("size", .bytes([1, 2, 3])) })
        #expect(errorOf { try callMethod("toBase64", .bytes([]), 1) }?.kind == .argumentCount)
    }

    /// Hashing vectors.
    @Test func hashingVectors() {
        #expect(valueOf { try callFunction("hashing.md5", "") }.flatMap(hexBytes) == "D41D8CD98F00B204E9800998ECF8427E")
        #expect(
            valueOf { try callFunction("hashing.md5", "The quick brown fox jumps over the lazy dog") }
                .flatMap(hexBytes) == "9E107D9D372BB6826BD81D3542A419D6")
        #expect(
            valueOf { try callFunction("hashing.md5", .string(String(repeating: "a", count: 200))) }
                .flatMap(hexBytes) == "887F30B43B2867F4A9ACCCEEE7D16E6C")
        #expect(
            valueOf { try callFunction("hashing.sha256", "abc") }.flatMap(hexBytes)
                == "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD")
        #expect(valueOf { try callFunction("hashing.crc32", "123456789") }.flatMap(hexBytes) == "2639F4CB")
        #expect(valueOf { try callFunction("hashing.crc32c", "123456789") }.flatMap(hexBytes) == "839206E3")
        #expect(valueOf { try callFunction("hashing.crc32", "") }.flatMap(hexBytes) == "00000000")
        #expect(CRC32.ieee.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    /// Hashing accepts bytes or strings.
    @Test func hashingAcceptsBytesOrStrings() {
        let fromBytes = valueOf { try callFunction("hashing.md5", callMethod("toUtf8", "hello")) }
        let fromString = valueOf { try callFunction("hashing.md5", "hello") }
        #expect(fromBytes != nil && fromBytes == fromString)
        #expect(
            errorOf { try callFunction("hashing.sha256", 1) }?.message
                == "Unsupported operation error. Received: hashing.sha256(int). "
                + "Expected: hashing.sha256(bytes), hashing.sha256(string).")
        #expect(errorOf { try callFunction("hashing.sha1", "a") }?.kind == .functionNotFound)
    }

    /// Debug returns its argument.
    @Test func debugReturnsItsArgument() {
        #expect(yields(["a": 1]) { try callFunction("debug", ["a": 1]) })
        #expect(yields(nil) { try callFunction("debug", nil) })
        #expect(errorOf { try callFunction("debug") }?.kind == .argumentCount)
    }

    /// Unknown functions and methods.
    @Test func unknownFunctionsAndMethods() {
        #expect(errorOf { try callFunction("isSignedIn") }?.message == "Function not found error: Name: [isSignedIn].")
        #expect(errorOf { try callMethod("size", 5) }?.kind == .functionNotFound)
        #expect(RuleStandardLibrary.hasFunction("math.abs"))
        #expect(!RuleStandardLibrary.hasFunction("get"))
    }
}
