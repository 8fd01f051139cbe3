import MeshGradCore

/// The preview's R key: a new harmonious mesh of the current grid size from
/// a seed, through the same ``MeshGenerator`` as `meshgrad random` (the
/// seed also picks the harmony). The same seed always gives the same mesh.
public struct Randomizer: Sendable {
    public var seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    public func mesh(width: Int, height: Int, colorSpace: ColorSpace = .perceptual) -> MeshGradient {
        MeshGenerator(GeneratorSettings(width: width, height: height, seed: seed, colorSpace: colorSpace)).mesh()
    }
}
