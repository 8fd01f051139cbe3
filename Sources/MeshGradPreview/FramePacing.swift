import CGLFW
import Foundation
import MeshGradGL

/// At most one frame per display refresh. With vsync the swap already
/// waits; where the driver gives none (Xvfb, some remote displays) an
/// animated preview would otherwise draw as fast as the CPU allows (1.7
/// cores under Xvfb before this). The loop waits for events until the
/// next frame is due, so input stays immediate.
struct FramePacing {
    /// Seconds per frame; 0 draws uncapped.
    let interval: Double
    private var last = Date.distantPast

    init(refreshRate: Int?) {
        interval = refreshRate.map { 1 / Double(max($0, 1)) } ?? 0
    }

    /// How long until the next frame is due (0 when it is).
    func wait() -> Double { max(0, interval - Date().timeIntervalSince(last)) }

    /// Allows a little early (a millisecond): timers wake a bit late or early.
    func isDue() -> Bool { wait() <= 0.001 }

    /// Counts from when the frame was due, not when it came (a wake-up a
    /// millisecond late must not make every frame late, nor one drawn a
    /// millisecond early every frame early: the frames stay on the 60 Hz
    /// grid), but never from further back than one frame.
    mutating func drew() {
        let now = Date()
        last = max(last.addingTimeInterval(interval), now.addingTimeInterval(-interval))
    }
}

extension WindowContext {
    /// The monitor's refresh rate, 60 where it says none.
    var refreshRate: Int {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor),
            mode.pointee.refreshRate > 0
        else { return 60 }
        return Int(mode.pointee.refreshRate)
    }
}

/// What the preview knows of its window without asking X.
struct WindowState {
    var framebuffer = (0, 0)
    var window = (0, 0)
    var iconified = false

    init() {}

    init(_ context: WindowContext) {
        framebuffer = context.framebufferSize
        window = context.windowSize
        iconified = glfwGetWindowAttrib(context.handle, GLFW_ICONIFIED) == GLFW_TRUE
    }
}
