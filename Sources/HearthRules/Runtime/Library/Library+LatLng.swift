/// `rules.LatLng` methods and the `latlng` namespace.
extension RuleStandardLibrary {
    /// Dispatches a latlng method; nil when points have no method of that name.
    static func latLngMethod(_ name: String, _ point: RuleLatLng, _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        switch name {
        case "latitude":
            try RuleCall(name: "latlng.latitude", arguments: arguments, expected: "latlng.latitude()").require(0)
            return .float(point.latitude)
        case "longitude":
            try RuleCall(name: "latlng.longitude", arguments: arguments, expected: "latlng.longitude()").require(0)
            return .float(point.longitude)
        case "distance":
            let call = RuleCall(name: "latlng.distance", arguments: arguments, expected: "latlng.distance(latlng)")
            try call.require(1)
            guard case .latlng(let other) = arguments[0] else { throw call.typeError }
            return .float(point.distance(to: other))
        default:
            return nil
        }
    }

    /// Dispatches `latlng.value(lat, lng)`; nil for other names.
    static func latLngFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        guard name == "value" else { return nil }
        let call = RuleCall(name: "latlng.value", arguments: arguments, expected: "latlng.value(float, float)")
        try call.require(2)
        return .latlng(try RuleLatLng(latitude: call.number(0), longitude: call.number(1)))
    }
}
