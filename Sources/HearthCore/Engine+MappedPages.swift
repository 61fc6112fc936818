internal import LMDB

extension Engine {
    /// Drops this process's mappings of the data file's pages; the kernel's page cache keeps them
    /// and reads map them again as needed (`Environment.releaseMappedPages`). Long walks over the
    /// file (export, import) call it as they go, so their resident memory is what they allocate
    /// plus the pages of the last stretch, not every page they passed.
    package func releaseMappedPages() {
        environment.releaseMappedPages()
    }

    /// The bytes of the data file's map now resident in this process (nil where not measurable).
    package var mappedResidentBytes: Int? { environment.mappedResidentBytes() }

    /// Bytes of records a walk reads between two releases of the mapped pages.
    static let releaseStride = 16 << 20
}
