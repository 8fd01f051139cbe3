import Foundation

/// The two HDR transfer curves of ITU-R BT.2100, for outputs brighter than
/// SDR white: a linear value of 1 (a document's white, extended sRGB 1) is
/// HDR reference white, 203 cd/m² (ITU-R BT.2408), and values above 1
/// (`color(srgb-linear 2 2 2)`) are brighter than it.
public enum HDRTransfer: String, CaseIterable, Sendable {
    /// Perceptual quantizer (SMPTE ST 2084): absolute, up to 10000 cd/m².
    case pq
    /// Hybrid log-gamma: relative, reference white at a 75 % signal.
    case hlg

    /// HDR reference white in cd/m².
    public static let referenceWhite = 203.0

    /// H.273 transfer characteristics: 16 (PQ), 18 (HLG).
    public var h273: UInt16 { self == .pq ? 16 : 18 }

    /// The signal (0…1) of a linear value, 1 being reference white;
    /// negative values are black, values past the curve's top its top.
    public func encode(_ linear: Double) -> Double {
        let v = max(linear, 0)
        switch self {
        case .pq:
            let y = min(v * Self.referenceWhite / 10000, 1)
            let (m1, m2, c1, c2, c3) = (0.1593017578125, 78.84375, 0.8359375, 18.8515625, 18.6875)
            let p = pow(y, m1)
            return pow((c1 + c2 * p) / (1 + c3 * p), m2)
        case .hlg:
            return Self.hlgOETF(min(v * Self.hlgReferenceScene, 1))
        }
    }

    /// BT.2100's HLG constants.
    static let (hlgA, hlgB) = (0.17883277, 0.28466892)
    static let hlgC = 0.5 - hlgA * log(4 * hlgA)

    /// BT.2100's HLG OETF of normalized scene light.
    static func hlgOETF(_ e: Double) -> Double {
        e <= 1 / 12 ? (3 * e).squareRoot() : hlgA * log(12 * e - hlgB) + hlgC
    }

    /// The scene light whose HLG signal is 0.75: reference white.
    static let hlgReferenceScene = (exp((0.75 - hlgC) / hlgA) + hlgB) / 12
}
