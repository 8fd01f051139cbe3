/// The frames of an exported animation: `count` frames `1/fps` apart from
/// `start`. Frame `k` shows time `start + k / fps`, so a loop of `L`
/// seconds exported as `L · fps` frames ends one frame before it repeats:
/// played on repeat, it is seamless.
public struct FrameSchedule: Hashable, Sendable {
    public var fps: Double
    public var count: Int
    public var start: Double

    /// The most frames an export may have: over nine hours at 30 fps.
    public static let maximumCount = 1_000_000

    /// Throws a one-line reason when `duration × fps` is not a frame count
    /// in 1…``maximumCount`` (the initializer clamps instead).
    public static func check(duration: Double, fps: Double) throws(FrameCountError) {
        let frames = duration * fps
        guard frames.isFinite, frames.rounded() <= Double(maximumCount) else {
            throw FrameCountError(duration: duration, fps: fps)
        }
    }

    public init(duration: Double, fps: Double, start: Double = 0) {
        self.fps = fps
        count = max(1, Int(clamping: duration * fps, limit: Self.maximumCount))
        self.start = start
    }

    public func time(ofFrame k: Int) -> Double { start + Double(k) / fps }

    public var times: [Double] { (0..<count).map(time(ofFrame:)) }
}

/// An export whose frame count is past ``FrameSchedule/maximumCount``.
public struct FrameCountError: Error, Sendable, CustomStringConvertible {
    public var duration: Double
    public var fps: Double
    public var description: String {
        "\(SafeText.value("\(duration)")) s at \(SafeText.value("\(fps)")) fps is "
            + "\(SafeText.value("\((duration * fps).rounded())")) frames; expected at most \(FrameSchedule.maximumCount)"
    }
}
