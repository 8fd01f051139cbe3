/// The marks along one ruler: every `step` canvas pixels a tick, every
/// `majorStep` a longer one with its number. Steps are 1, 2 or 5 times a
/// power of ten, the smallest whose labelled ticks stand at least
/// `minimumGap` screen units apart, as drawing programs' rulers do.
public struct RulerScale: Equatable, Sendable {
    public var majorStep: Int
    /// The minor step (equal to the major one when no whole-pixel step fits).
    public var step: Int

    /// For a canvas `canvasPixels` wide drawn `length` screen units long.
    public init(canvasPixels: Int, length: Double, minimumGap: Double) {
        let unitsPerPixel = length / Double(max(canvasPixels, 1))
        var magnitude = 1
        var major = 1
        search: while magnitude < 1_000_000_000 {
            for leading in [1, 2, 5] where Double(leading * magnitude) * unitsPerPixel >= minimumGap {
                major = leading * magnitude
                break search
            }
            magnitude *= 10
        }
        majorStep = major
        let divisions = major / magnitude == 2 ? 4 : 5
        step = major % divisions == 0 ? major / divisions : major
    }

    /// The canvas pixels with a tick between `low` and `high` (canvas
    /// pixels, the part of the ruler in view), each with whether it is major.
    public func ticks(from low: Double, to high: Double) -> [(pixel: Int, major: Bool)] {
        guard high >= low, step > 0 else { return [] }
        let first = Int((low / Double(step)).rounded(.up)) * step
        let last = Int((high / Double(step)).rounded(.down)) * step
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: step).map { ($0, $0 % majorStep == 0) }
    }
}
