extension Int {
    /// `value` rounded to an integer that cannot trap: NaN becomes 0 and
    /// anything past `±limit` (infinity included) becomes `±limit`. The
    /// renderers' second line of defence where a Double becomes an Int
    /// (the validation layer refuses such values first, with a key path).
    @inlinable
    public init(
        clamping value: Double, limit: Int = 1 << 40, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let bound = Double(limit)
        self = Int(Swift.min(Swift.max(value.rounded(rule), -bound), bound))
    }
}
