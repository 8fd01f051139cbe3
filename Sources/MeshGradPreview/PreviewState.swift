import Foundation

// The editor's state besides the document (the Editor: document,
// selection, undo), in parts with one owner each: the session holds one of
// every part and hands them to the code that changes them.

/// Where the preview is in the animation, and how it moves.
struct AnimationClock {
    var time = 0.0
    var playing = true
    /// Animation seconds per second shown.
    var speed = 1.0
}

/// How the canvas sits in the window: zoom, pan and the pointer.
struct CanvasNavigation {
    var zoom = 1.0
    var pan = SIMD2<Double>(0, 0)
    /// A right-drag in progress: where it started, and the pan then.
    var panning: (cursor: SIMD2<Double>, pan: SIMD2<Double>)?
    /// The pointer, in window coordinates.
    var cursor = SIMD2<Double>(0, 0)
}

/// What the pointer is doing to the canvas, and what is drawn over it.
struct CanvasGestures {
    var showsOverlay = false
    /// A vertex or handle being dragged.
    var dragging: Drag?
    /// A scene layer's frame being moved or resized.
    var draggingFrame: FrameDrag?
    /// A marquee being drawn from an empty spot: its corners in canvas
    /// units, and whether it adds to the group (shift).
    var marquee: (start: SIMD2<Double>, end: SIMD2<Double>, adds: Bool)?
    /// The eyedropper (I): the next click on the canvas takes its color.
    var eyedropper = false
    /// Record keyframes (K): a point dragged at a time past 0 keys that time.
    var recordsKeyframes = false
    /// Where the dragged vertex snapped to another point: the guides drawn
    /// through it (mesh coordinates).
    var snapGuides: (x: Double?, y: Double?) = (nil, nil)
}

/// A scene's layers as the window shows them (not the file).
struct LayerView {
    /// The layer the Layers panel selected (its frame can be moved).
    var selected: Int?
    /// Layers hidden in the window only.
    var hidden: Set<Int> = []
}

/// Frames drawn, and the rate over the last second (the status line).
struct FrameCounter {
    var drawn = 0
    var perSecond = 0.0
    private var windowStart = Date()
    private var windowFrames = 0

    mutating func count() {
        drawn += 1
        windowFrames += 1
        let elapsed = Date().timeIntervalSince(windowStart)
        if elapsed >= 1 {
            perSecond = Double(windowFrames) / elapsed
            windowFrames = 0
            windowStart = Date()
        }
    }
}
