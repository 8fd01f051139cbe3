import Dispatch

extension DispatchTime {
    /// Seconds from this time to now, on the monotonic clock (timings).
    public var secondsElapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1e9 }

    /// Seconds from `earlier` to this time.
    public func secondsSince(_ earlier: DispatchTime) -> Double {
        Double(uptimeNanoseconds - earlier.uptimeNanoseconds) / 1e9
    }
}
