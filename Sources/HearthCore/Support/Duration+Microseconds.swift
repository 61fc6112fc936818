extension Duration {
    /// The duration in whole microseconds (truncated toward zero), as the engine's clocks count.
    package var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
