/// Geohash cells as integers: bits of longitude and latitude interleaved (longitude first), five
/// bits per character. Cells of one precision compare as integers exactly as their strings
/// compare, because the base-32 alphabet is in ASCII order.
public enum Geohash {
    /// The base-32 alphabet (no a, i, l, o).
    static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz")
    /// The precision stored on each group (cells of about 4.8 m × 4.8 m).
    public static let storedPrecision = 9

    /// Bits of longitude and of latitude in a cell of `precision` characters.
    static func bits(_ precision: Int) -> (longitude: Int, latitude: Int) {
        let total = 5 * precision
        return ((total + 1) / 2, total / 2)
    }

    /// The cell's column (longitude index) and row (latitude index) at `precision`.
    static func indexes(latitude: Double, longitude: Double, precision: Int) -> (column: Int, row: Int) {
        let (lonBits, latBits) = bits(precision)
        let columns = 1 << lonBits
        let rows = 1 << latBits
        let column = min(columns - 1, max(0, Int((longitude + 180) / 360 * Double(columns))))
        let row = min(rows - 1, max(0, Int((latitude + 90) / 180 * Double(rows))))
        return (column, row)
    }

    /// The cell number of column and row at `precision` (the interleaved bits).
    static func cell(column: Int, row: Int, precision: Int) -> Int {
        let (lonBits, latBits) = bits(precision)
        var value = 0
        var lon = lonBits
        var lat = latBits
        for position in 0..<(lonBits + latBits) {
            if position % 2 == 0 {
                lon -= 1
                value = value << 1 | (column >> lon & 1)
            } else {
                lat -= 1
                value = value << 1 | (row >> lat & 1)
            }
        }
        return value
    }

    /// The geohash string of a cell number at `precision`.
    static func string(cell: Int, precision: Int) -> String {
        var characters: [Character] = []
        for index in stride(from: precision - 1, through: 0, by: -1) {
            characters.append(alphabet[cell >> (5 * index) & 31])
        }
        return String(characters)
    }

    /// The geohash of a point at `precision` characters (1 … 12).
    public static func encode(latitude: Double, longitude: Double, precision: Int = storedPrecision) -> String {
        let (column, row) = indexes(latitude: latitude, longitude: longitude, precision: precision)
        return string(cell: cell(column: column, row: row, precision: precision), precision: precision)
    }

    /// The height and width in degrees of a cell of `precision` characters.
    static func cellSize(_ precision: Int) -> (latitude: Double, longitude: Double) {
        let (lonBits, latBits) = bits(precision)
        return (180 / Double(1 << latBits), 360 / Double(1 << lonBits))
    }
}
