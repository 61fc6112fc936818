/// The geohash ranges that together hold every point of a bounding box: the cells of one
/// precision covering the box, merged into runs of consecutive cells. Each run is one range query
/// `geohash >= lower && geohash < upper` on the groups' stored geohashes.
public struct GeohashCover: Sendable, Equatable {
    /// One range of stored geohashes: from `lower` (included) to `upper` (excluded; nil = no end).
    public struct Range: Sendable, Equatable {
        /// The first cell's geohash.
        public let lower: String
        /// The geohash of the cell after the run, or nil when the run reaches the last cell.
        public let upper: String?
    }

    /// The most cells a cover may use; the finest precision within it is chosen.
    public static let maximumCells = 64

    /// The precision of the cells.
    public let precision: Int
    /// The ranges, in geohash order.
    public let ranges: [Range]

    /// The cover of `area`'s bounding box with the finest cells (at most `maximumCells`).
    public init(area: GeoArea) {
        let box = area.boundingBox
        var chosen = 1
        for precision in stride(from: Geohash.storedPrecision, through: 1, by: -1) {
            let low = Geohash.indexes(latitude: box.minLatitude, longitude: box.minLongitude, precision: precision)
            let high = Geohash.indexes(latitude: box.maxLatitude, longitude: box.maxLongitude, precision: precision)
            if (high.column - low.column + 1) * (high.row - low.row + 1) <= Self.maximumCells {
                chosen = precision
                break
            }
        }
        precision = chosen
        let low = Geohash.indexes(latitude: box.minLatitude, longitude: box.minLongitude, precision: chosen)
        let high = Geohash.indexes(latitude: box.maxLatitude, longitude: box.maxLongitude, precision: chosen)
        var cells: [Int] = []
        for column in low.column...high.column {
            for row in low.row...high.row { cells.append(Geohash.cell(column: column, row: row, precision: chosen)) }
        }
        ranges = Self.runs(of: cells.sorted(), precision: chosen)
    }

    /// Sorted cell numbers merged into ranges of consecutive cells.
    static func runs(of cells: [Int], precision: Int) -> [Range] {
        let end = 1 << (5 * precision)
        var result: [Range] = []
        var index = cells.startIndex
        while index < cells.endIndex {
            let first = cells[index]
            var last = first
            index += 1
            while index < cells.endIndex, cells[index] == last + 1 {
                last = cells[index]
                index += 1
            }
            result.append(
                Range(
                    lower: Geohash.string(cell: first, precision: precision),
                    upper: last + 1 < end ? Geohash.string(cell: last + 1, precision: precision) : nil))
        }
        return result
    }
}
