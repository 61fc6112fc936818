#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's trigonometry, behind names `distance` reads well with.
extension RuleLatLng {
    /// sin(x), x in radians.
    static func sine(_ x: Double) -> Double { sin(x) }
    /// cos(x), x in radians.
    static func cosine(_ x: Double) -> Double { cos(x) }
    /// asin(x) in radians.
    static func arcsine(_ x: Double) -> Double { asin(x) }
}
