import Foundation

extension HeadlessContext {
    /// Whether this machine has a device node through which any OpenGL
    /// driver reaches a GPU: a DRM node (`/dev/dri`: Mesa's hardware
    /// drivers, virtio-gpu), NVIDIA's (`/dev/nvidiactl`) or WSL's (`/dev/dxg`).
    /// Without one, EGL can offer only a CPU rasterizer, which the CPU
    /// reference outruns, so `--backend auto` need not load EGL and its
    /// drivers to find that out (about 10 ms, a tenth of a 4K render).
    /// `MESHGRAD_EGL_PLATFORM`, which asks for a platform by name, is
    /// always tried.
    public static var mayReachHardware: Bool {
        // getenv and access, not ProcessInfo's whole environment and
        // FileManager: this runs at the start of every `--backend auto` render.
        if getenv("MESHGRAD_EGL_PLATFORM") != nil { return true }
        let nodes: [String] = ["/dev/dri", "/dev/nvidiactl", "/dev/nvidia0", "/dev/dxg"]
        return nodes.contains { access($0, F_OK) == 0 }
    }
}
