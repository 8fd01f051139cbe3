@preconcurrency import CEpoxy
import MeshGradCore

extension GLProgram {
    /// The uniforms of Shaders/grain.glsl for one frame's grain (amount 0:
    /// none). Set on every program that calls storedColor().
    func setGrain(_ grain: GrainField?) {
        set("grainAmount", grain?.amount ?? 0)
        set("grainInverseSize", grain?.inverseSize ?? 1)
        set("grainMonochrome", grain?.monochrome ?? true ? 1 : 0)
        epoxy_glUniform1ui(location("grainSeed"), grain?.seed ?? 0)
    }
}
