import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradPNG
import MeshGradPipeline
import MeshGradText

// As `meshgrad` runs (FrameLoopMemory says why).
FrameLoopMemory.keepFreedBlocks()

// Render-only timings of the CPU reference renderer and of the GL renderer
// (stage by stage), and PNG encoding timings of the first preset (libpng,
// the old path, against PNGStreamEncoder): the median of several runs per
// case, after one warm-up run. `Scripts/bench.sh` runs this next to
// end-to-end timings of the CLI, `Scripts/gpu-check.sh` on GPU machines.
// Usage:
//   meshgrad-bench [--runs N] [--size WxH] [--preset NAME ...] [--no-cpu] [--no-gl]
//                  [--no-encode] [--encode-sweep] [--blur] [--text] [--scenes] [--floors]
//                  [--frames]
// Meshes are measured as `meshgrad render` draws them: at t = 0, where an
// animated preset's waves have moved its points (scene presets are left to
// --scenes). --frames times an animation's frames at the size, as `meshgrad
// animate` plans them (each frame at its own level, the tessellation cache
// kept from frame to frame): tessellation and render per frame, and the
// tessellation without the cache.
// --floors prints, for the first preset, one line of what an end-to-end run
// cannot beat: the plan (tessellation), the CPU render alone, the PNG
// encoding and file write of the already rendered buffer, and memcpy of the
// same bytes; `Scripts/bench.sh` sets it beside the CLI's end to end.
// --encode-sweep adds every compression level, every filter strategy and
// one thread against all, for choosing the encoder's defaults. --blur adds
// the Gaussian blur (shadows) at σ 5 and 20 on the CPU and on GL, --text
// a 400 px title's layout and coverage mask, --scenes the three scene
// presets (plan, CPU and GL render) and the SE wallpaper's banding figure.

var runs = 7
var size = CanvasSize(width: 3840, height: 2160)
var presetNames: [String] = []
var measuresGL = true
var measuresCPU = true
var measuresEncoding = true
var sweepsEncoding = false
/// --profile-encode: only the dithered frame's encoding, on one thread and then on all, --runs times each (for perf).
var profilesEncoding = false
var measuresBlur = false
var measuresText = false
var measuresScenes = false
var measuresFloors = false
var measuresFrames = false
var measuresLevels = false
/// --level N: the CPU renderer's timings at tessellation level N instead of the rule's.
var forcedLevel: Int?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    switch word {
    case "--runs": runs = Int(arguments.removeFirst()) ?? runs
    case "--size": size = (try? CanvasSize(parsing: arguments.removeFirst())) ?? size
    case "--preset": presetNames.append(arguments.removeFirst())
    case "--no-gl": measuresGL = false
    case "--no-cpu": measuresCPU = false
    case "--no-encode": measuresEncoding = false
    case "--profile-encode": profilesEncoding = true
    case "--encode-sweep": sweepsEncoding = true
    case "--blur": measuresBlur = true
    case "--text": measuresText = true
    case "--scenes": measuresScenes = true
    case "--floors": measuresFloors = true
    case "--frames": measuresFrames = true
    case "--levels": measuresLevels = true
    case "--level": forcedLevel = Int(arguments.removeFirst())
    default:
        FileHandle.standardError.write(Data("unknown argument \(word)\n".utf8))
        exit(2)
    }
}
if presetNames.isEmpty { presetNames = ["onboarding"] }

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// User and system time of the whole process, every thread.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let renderer = CPURenderer()

/// The preset's mesh as `meshgrad render` draws it (t = 0); nil for a scene.
func renderedMesh(_ name: String) -> MeshGradient? {
    guard let preset = Presets.named(name) else {
        print("no preset \(name)")
        exit(2)
    }
    return preset.document.animatedMesh?.mesh(at: 0)
}

/// The median of `runs` timings of `body`, after one warm-up run.
func medianSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    return median(try (0..<runs).map { _ in try seconds(body) })
}

if measuresFloors {
    let name = presetNames[0]
    guard let mesh = renderedMesh(name) else { print("--floors: \(name) is a scene"); exit(2) }
    var plan = RenderPlan(mesh: mesh, width: size.width, height: size.height)
    let planTime = medianSeconds(runs: runs) { plan = RenderPlan(mesh: mesh, width: size.width, height: size.height) }
    var image = renderer.render8(plan)
    let renderTime = medianSeconds(runs: runs) { image = renderer.render8(plan) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-bench-floor.png")
    defer { try? FileManager.default.removeItem(at: file) }
    var bytes = 0
    let encodeTime = try medianSeconds(runs: runs) {
        let png = try PNGEncoder(compressionLevel: 1).encode(image)
        bytes = png.count
        try AtomicFile.write(png, to: file)
    }
    let encodeOnlyTime = try medianSeconds(runs: runs) { _ = try PNGEncoder(compressionLevel: 1).encode(image) }
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: image.components.count)
    defer { copy.deallocate() }
    copy.initialize(repeating: 0, count: image.components.count)
    let copyTime = medianSeconds(runs: runs) {
        image.components.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: $0.count) }
    }
    print(
        "floors, \(name) \(size), 8-bit dithered, median of \(runs) (ms): "
            + String(
                format:
                    "plan %.2f  render %.1f  PNG encode alone %.1f  PNG encode+write of the rendered buffer %.1f (%d bytes)  memcpy %.2f",
                planTime * 1000, renderTime * 1000, encodeOnlyTime * 1000, encodeTime * 1000, bytes, copyTime * 1000))
}

if measuresCPU {
    print("CPU renderer, \(size), \(ProcessInfo.processInfo.activeProcessorCount) threads, median of \(runs) runs (ms)")
    print("preset".padding(toLength: 16, withPad: " ", startingAt: 0) + "  plan   8-bit dithered  8-bit plain  16-bit")
    for name in presetNames {
        guard let mesh = renderedMesh(name) else {
            print(name.padding(toLength: 16, withPad: " ", startingAt: 0) + "  (a scene: see --scenes)")
            continue
        }
        var plan: RenderPlan!
        let planTimes = (0..<runs).map { _ in
            seconds {
                plan = RenderPlan(mesh: mesh, width: size.width, height: size.height, tessellationLevel: forcedLevel)
            }
        }
        var sink = 0
        func time(_ body: () -> Int) -> Double {
            sink &+= body()
            var times: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                sink &+= body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return median(times)
        }
        let cpuBefore = processCPUSeconds()
        let dithered = time { Int(renderer.render8(plan, dithers: true).components[7]) }
        let ditheredCPU = (processCPUSeconds() - cpuBefore) / Double(runs + 1)
        let plain = time { Int(renderer.render8(plan, dithers: false).components[7]) }
        let deep = time { Int(renderer.render16(plan).components[7]) }
        func ms(_ s: Double) -> String { String(format: "%6.1f", s * 1000) }
        print(
            name.padding(toLength: 16, withPad: " ", startingAt: 0)
                + "\(ms(median(planTimes)))   \(ms(dithered))          \(ms(plain))       \(ms(deep))   (level \(plan.tessellation.level), \(plan.tessellation.triangleCount) triangles; dithered CPU time \(ms(ditheredCPU)) a run)"
        )
        if sink == 42 { print("") }
    }
}

// The GL renderer on whatever EGL offers: both passes (GPU time from timer
// queries, and wall time until done) and the readback, separately.
if measuresGL {
    do {
        let context = try HeadlessContext()
        let renderer = try GLRenderer()
        renderer.measuresStages = true
        print("")
        print(
            "GL renderer: \(renderer.info.renderer) (EGL \(context.platform.rawValue)), \(size), median of \(runs) runs (ms)"
        )
        print(
            "preset".padding(toLength: 16, withPad: " ", startingAt: 0)
                + "  draw (GPU)  draw (wall)  readback  total, 8-bit dithered")
        for name in presetNames {
            guard let rendered = renderedMesh(name) else { continue }
            let plan = RenderPlan(mesh: rendered, width: size.width, height: size.height)
            let mesh = try renderer.upload(plan)
            var gpu: [Double] = []
            var wall: [Double] = []
            var readback: [Double] = []
            var total: [Double] = []
            let _: RGBAImage<UInt8> = try renderer.render(mesh, format: .rgba8(dithers: true))
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let _: RGBAImage<UInt8> = try renderer.render(mesh, format: .rgba8(dithers: true))
                total.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                gpu.append(renderer.lastStageTimes.drawGPU)
                wall.append(renderer.lastStageTimes.draw)
                readback.append(renderer.lastStageTimes.readback)
            }
            func ms(_ s: Double) -> String { String(format: "%8.2f", s * 1000) }
            // llvmpipe's timer queries miss most of its rasterizer threads'
            // deferred work: only the wall time means something there.
            let gpuColumn = renderer.info.isSoftware ? "     n/a" : ms(median(gpu))
            print(
                name.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + "\(gpuColumn)    \(ms(median(wall)))   \(ms(median(readback)))  \(ms(median(total)))")
        }
        withExtendedLifetime(context) {}
    } catch {
        print("GL renderer: not measured (\(error))")
    }
}

// PNG encoding of the first preset's CPU rendering, RGB (every preset but
// frost is opaque): 8-bit dithered and plain, and 16-bit; time and size, the
// old libpng path at the CLI's default level against the parallel encoder.
if profilesEncoding {
    let plan = RenderPlan(
        mesh: renderedMesh(presetNames[0]) ?? Presets.onboarding.document.animatedMesh!.mesh, width: size.width,
        height: size.height)
    let image = renderer.render8(plan, dithers: true)
    for threads in [1, ProcessInfo.processInfo.activeProcessorCount] {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try seconds { _ = try PNGEncoder(compressionLevel: 1, threads: threads).encode(image) })
        }
        print(
            String(
                format: "encode, %d thread(s): median %.1f ms, min %.1f", threads, median(times) * 1000,
                times.min()! * 1000))
    }
    exit(0)
}

if measuresEncoding {
    let name = presetNames[0]
    let plan = RenderPlan(
        mesh: renderedMesh(name) ?? Presets.onboarding.document.animatedMesh!.mesh, width: size.width,
        height: size.height)
    let threads = ProcessInfo.processInfo.activeProcessorCount
    print("")
    print("PNG encoding, \(name) \(size), RGB, \(threads) threads, median of \(runs) runs")
    print("image     encoder                                    wall ms    CPU ms        bytes")
    /// Wall time and CPU time (all threads, from getrusage: on a busy
    /// machine the steadier of the two) of `encode`, medians after a warm-up.
    func measure(_ label: String, runs: Int, _ encode: () throws -> [UInt8]) {
        var bytes = 0
        var times: [Double] = []
        var cpuTimes: [Double] = []
        for run in 0...runs {
            var output: [UInt8] = []
            let cpuStart = processCPUSeconds()
            let time = seconds { output = try! encode() }
            if run > 0 {  // run 0 warms up
                times.append(time)
                cpuTimes.append(processCPUSeconds() - cpuStart)
            }
            bytes = output.count
        }
        print(
            label.padding(toLength: 52, withPad: " ", startingAt: 0)
                + String(format: "%7.1f   %7.1f  %11d", median(times) * 1000, median(cpuTimes) * 1000, bytes))
    }
    for (kind, image) in [
        ("dithered", renderer.render8(plan, dithers: true)), ("plain", renderer.render8(plan, dithers: false)),
    ] {
        let prefix = kind.padding(toLength: 10, withPad: " ", startingAt: 0)
        measure(prefix + "libpng level 1 (before)", runs: runs) { try LibPNGEncoder(compressionLevel: 1).encode(image) }
        measure(prefix + "PNGStreamEncoder level 1 (CLI default)", runs: runs) {
            try PNGEncoder(compressionLevel: 1).encode(image)
        }
        do {
            // Per core: meshgrad's encoder on one thread beside libdeflate,
            // which has no threads, on the same filtered rows.
            measure(prefix + "PNGStreamEncoder level 1, 1 thread", runs: runs) {
                try PNGEncoder(compressionLevel: 1, threads: 1).encode(image)
            }
            let png = try! PNGEncoder(compressionLevel: 1).encode(image)
            for row in libdeflateRows(png: png, runs: runs, levels: 1...4) {
                let label = prefix + "libdeflate level \(row.level), 1 thread, same rows"
                print(
                    label.padding(toLength: 52, withPad: " ", startingAt: 0)
                        + String(format: "%7.1f   %7.1f  %11d", row.ms, row.ms, row.bytes))
            }
        }
        guard sweepsEncoding else { continue }
        for level in [0, 2, 4, 6, 9] {
            measure(prefix + "PNGStreamEncoder level \(level)", runs: level >= 6 ? 1 : runs) {
                try PNGEncoder(compressionLevel: level).encode(image)
            }
        }
        for filter in PNGFilterStrategy.allCases {
            measure(prefix + "PNGStreamEncoder level 1, filter \(filter)", runs: runs) {
                try PNGEncoder(compressionLevel: 1, filter: filter).encode(image)
            }
        }
    }
    let deep = renderer.render16(plan)
    measure("16-bit    libpng level 1 (before)", runs: runs) { try LibPNGEncoder(compressionLevel: 1).encode(deep) }
    measure("16-bit    PNGStreamEncoder level 1 (CLI default)", runs: runs) {
        try PNGEncoder(compressionLevel: 1).encode(deep)
    }
}

// The Gaussian blur of shadows: a premultiplied RGBA float image (the first
// preset) and a coverage mask, on the CPU; on GL the two passes alone (wall
// time until the GPU is done) and with upload and readback.
if measuresBlur {
    let plan = RenderPlan(
        mesh: Presets.named(presetNames[0])!.document.animatedMesh!.mesh, width: size.width, height: size.height)
    var image = renderer.renderFloat(plan)
    for i in stride(from: 0, to: image.components.count, by: 4) {
        let alpha = image.components[i + 3]
        for c in 0..<3 { image.components[i + c] *= alpha }
    }
    let mask = CoverageMask(
        width: size.width, height: size.height,
        values: stride(from: 3, to: image.components.count, by: 4).map {
            image.components[$0]
        })
    print("")
    print("Gaussian blur, \(size), median of \(runs) runs (ms)")
    print("σ      CPU RGBA   CPU mask   GL passes   GL with upload and readback")
    var glBlur: (HeadlessContext, GLGaussianBlur)?
    if measuresGL {
        do {
            let context = try HeadlessContext()
            let blur = try GLGaussianBlur()
            blur.measuresPasses = true
            glBlur = (context, blur)
        } catch {
            print("GL blur: not measured (\(error))")
        }
    }
    for sigma in [5.0, 20.0] {
        let blur = GaussianBlur(sigma: sigma)
        var sink: Float = 0
        _ = blur.blurred(premultiplied: image)
        let rgba = median((0..<runs).map { _ in seconds { sink += blur.blurred(premultiplied: image).components[7] } })
        let single = median((0..<runs).map { _ in seconds { sink += blur.blurred(mask).values[7] } })
        var line = String(format: "%-5.0f  %8.1f   %8.1f", sigma, rgba * 1000, single * 1000)
        if let (_, gl) = glBlur {
            let kernel = GaussianKernel(sigma: sigma)
            var passes: [Double] = []
            var total: [Double] = []
            _ = try? gl.blurred(premultiplied: image, kernel: kernel)
            for _ in 0..<runs {
                total.append(
                    seconds { sink += (try? gl.blurred(premultiplied: image, kernel: kernel))?.components[7] ?? 0 })
                passes.append(gl.lastPassSeconds)
            }
            line += String(format: "   %8.1f    %8.1f", median(passes) * 1000, median(total) * 1000)
        }
        print(line)
        if sink == 42 { print("") }
    }
    withExtendedLifetime(glBlur) {}
}

// A title as a text mask: "Meshing", bold, 400 px, centered on the canvas;
// layout (font loading included) and rasterization into a canvas-sized mask.
if measuresText {
    let frame = PixelRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let style = TextStyle(size: 400, weight: .bold)
    print("")
    print("Text mask \"Meshing\", bold, 400 px, \(size), median of \(runs) runs (ms)")
    do {
        var layout = try TextLayout("Meshing", style: style, in: frame)
        var sink: Float = 0
        let layoutTime = median(
            try (0..<runs).map { _ in try seconds { layout = try TextLayout("Meshing", style: style, in: frame) } })
        let maskTime = median(
            try (0..<runs).map { _ in
                try seconds { sink += try layout.coverageMask(width: size.width, height: size.height).values[0] }
            })
        print(String(format: "layout %.2f   coverage mask %.1f", layoutTime * 1000, maskTime * 1000))
        if sink == 42 { print("") }
    } catch {
        print("text: not measured (\(error))")
    }
}

if measuresScenes {
    print("")
    print("Scenes at \(size), poster time, median of \(runs) runs (ms): plan (text masks), CPU, GL")
    // Through the pipeline, as the CLI draws them: a frame plan and the
    // CPU and GL frame renderers.
    let gl: (any FrameRenderer)? = measuresGL ? try? Backend.gl.makeRenderer() : nil
    let cpu = CPUFrameRenderer()
    for preset in [Presets.onboardingScreen, Presets.meshingTextScene, Presets.seWallpaper] {
        let document = preset.document
        func plan() throws -> FramePlan {
            try FramePlan(
                document, label: preset.name, width: size.width, height: size.height, time: document.poster)
        }
        do {
            var scene = try plan()
            let planTime = median(try (0..<runs).map { _ in try seconds { scene = try plan() } })
            _ = cpu.render8(scene, dithers: true)
            let cpuTime = median((0..<runs).map { _ in seconds { _ = cpu.render8(scene, dithers: true) } })
            var glText = "-"
            if let gl {
                _ = try gl.render8(scene, dithers: true)
                glText = String(
                    format: "%.1f",
                    median(try (0..<runs).map { _ in try seconds { _ = try gl.render8(scene, dithers: true) } })
                        * 1000)
            }
            print(
                preset.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: " plan %6.1f   cpu %7.1f   gl %@", planTime * 1000, cpuTime * 1000, glText))
        } catch {
            print("\(preset.name): not measured (\(error))")
        }
    }

    // Seed tutorial 3's banding, at the preset's own size: the background
    // alone and the whole wallpaper, dithered and rounded.
    let wallpaper = Presets.seWallpaper.document
    let full = wallpaper.scene!
    let backgroundOnly = Scene(background: full.background, layers: [], points: full.points)
    let sceneRenderer = SceneRenderer()
    for (label, scene) in [("background", backgroundOnly), ("wallpaper", full)] {
        guard
            let plan = try? ScenePlan(
                scene: scene, width: 750, height: 1334, time: wallpaper.poster)
        else { continue }
        let exact = sceneRenderer.renderFloat(plan)
        let dithered = bandingFigure(sceneRenderer.render8(plan, dithers: true), exact: exact)
        let rounded = bandingFigure(sceneRenderer.render8(plan, dithers: false), exact: exact)
        print(
            String(
                format:
                    "banding, se-wallpaper %@ 750x1334, RMS of 16x16 block means: dithered %.4f/255, rounded %.4f/255",
                label, dithered, rounded))
    }
}

// An animation's frames as `meshgrad animate` plans them: each at its own
// level, the tessellation cache handed from frame to frame; the
// tessellation (frame plan and triangle set-up) and the render of each,
// medians over one second at 30 fps, and the same tessellation without the
// cache.
if measuresFrames {
    print("")
    print("animation frames, \(size), 30 fps over 1 s, CPU, 8-bit dithered, median per frame (ms)")
    print("preset            levels tessellation  (no cache)  render  tessellation + render")
    for name in presetNames {
        guard let preset = Presets.named(name), case .mesh(let animated) = preset.document.content else { continue }
        let schedule = FrameSchedule(duration: 1, fps: 30)
        let cache = TessellationCache()
        var levels: [Int] = []
        var planned: [Double] = []
        var uncached: [Double] = []
        var rendered: [Double] = []
        for k in 0...schedule.count {
            let time = schedule.time(ofFrame: k % schedule.count)
            var plan: RenderPlan!
            var prepared: PreparedRaster!
            let planTime = seconds {
                plan = RenderPlan(
                    mesh: animated.mesh(at: time), width: size.width, height: size.height, tessellationCache: cache)
                prepared = PreparedRaster(plan: plan)
            }
            let plainTime = seconds {
                _ = PreparedRaster(
                    plan: RenderPlan(mesh: animated.mesh(at: time), width: size.width, height: size.height))
            }
            let count = size.width * size.height * 4
            var pixels = [UInt8](repeating: 0, count: count)
            let renderTime = seconds {
                pixels.withUnsafeMutableBufferPointer { buffer in
                    renderer.render8(prepared, dithers: true, rows: 0..<size.height, into: buffer.baseAddress!)
                }
            }
            guard k > 0 else { continue }  // frame 0 warms up
            levels.append(plan.tessellation.level)
            planned.append(planTime)
            uncached.append(plainTime)
            rendered.append(renderTime)
        }
        let both = zip(planned, rendered).map { $0 + $1 }
        print(
            name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(
                    format: "%2d-%2d  %12.2f  %10.2f  %6.2f  %21.2f", levels.min() ?? 0, levels.max() ?? 0,
                    median(planned) * 1000,
                    median(uncached) * 1000, median(rendered) * 1000, median(both) * 1000))
    }
}

// The tessellation level and triangle count of every preset at the common
// sizes, by the strict rule as it chooses (cell by cell where the
// patch-wide bound overstates) and by the patch-wide bound alone (the
// coarser rule, for comparison), with the time the choice takes.
if measuresLevels {
    print("")
    print("tessellation level (triangles) by the strict rule: patch-wide bound alone -> with cell bounds, choice ms")
    let sizes = [(640, 360), (1920, 1080), (3840, 2160), (7680, 4320)]
    print(
        "preset".padding(toLength: 20, withPad: " ", startingAt: 0)
            + sizes.map { "\($0.0)x\($0.1)".padding(toLength: 30, withPad: " ", startingAt: 0) }.joined())
    for name in presetNames {
        guard let mesh = renderedMesh(name) else { continue }
        let nets = PatchNets(mesh)
        var line = name.padding(toLength: 20, withPad: " ", startingAt: 0)
        for (w, h) in sizes {
            var patchWide = TessellationLevel()
            patchWide.judgesCells = false
            let before = patchWide.level(for: nets, canvasWidth: w, canvasHeight: h)
            var after = 0
            let time = medianSeconds(runs: 3) {
                after = TessellationLevel().level(for: nets, canvasWidth: w, canvasHeight: h)
            }
            let triangles = { (n: Int) in 2 * n * n * nets.count }
            line += String(
                format: "%3d (%6d) -> %3d (%6d) %4.1f  ", before, triangles(before), after, triangles(after),
                time * 1000)
        }
        print(line)
    }
}
