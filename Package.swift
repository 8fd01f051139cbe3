// swift-tools-version:6.0
//
// meshgrad: SwiftUI-style mesh gradients rendered to files on Linux.
//
// Data flows one way, and the targets follow it:
//
//   MeshGradDocument (JSON, presets, SwiftUI code)
//     -> MeshGradCore (model, math, tessellation, CPU reference, image, blur)
//       -> MeshGradText (text as coverage masks, through FreeType, CFreeType)
//       -> MeshGradPNG (parallel encoder through zlib, CZlib; libpng, CPNG, for reading)
//         -> MeshGradPipeline (a document's frame plan, mesh or scene, and
//            the renderers behind one protocol, CPU or GL)
//           -> MeshGradPreview, MeshGradCLI (commands) -> meshgrad (executable)
//
// MeshGradCore imports no C module, so everything that defines *what* a mesh
// gradient is can be read, tested and reused without a system library.

import Foundation
import PackageDescription

// The CPU the Swift code of MeshGradCore is compiled for, where the CPU
// renderer's eight-pixel lanes run. With AVX2 a lane group is one
// instruction instead of two: a third less CPU on a 4K render, the same
// pixels bit for bit (Swift does not fuse multiply-adds; every preset's
// output compared byte for byte). So a build of this package for itself on
// an x86-64 with AVX2, FMA and BMI2 targets `haswell`, as a `-march=native`
// build would: its binary then needs such a CPU (every x86-64 since 2015).
// `MESHGRAD_TARGET_CPU=NAME` picks another (`MESHGRAD_TARGET_CPU=` none: any
// x86-64, as Scripts/package.sh builds the .deb), and a build as another
// package's dependency gets none, since dependencies may carry no unsafe
// flags.
let buildsAsDependency = Context.packageDirectory.contains("/checkouts/")
let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
/// The first processor's `name : value` line in /proc/cpuinfo.
func cpuField(_ name: String) -> String? {
    cpuInfo.split(separator: "\n").first { $0.hasPrefix(name) }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
}
let cpuFlags = cpuField("flags")?.split(separator: " ").map(String.init) ?? []
let machineCPU = ["avx2", "fma", "bmi2", "movbe", "f16c"].allSatisfy(cpuFlags.contains) ? "haswell" : nil
let targetCPU =
    Context.environment["MESHGRAD_TARGET_CPU"].map { $0.isEmpty ? nil : $0 } ?? (buildsAsDependency ? nil : machineCPU)
// With AVX2 (`haswell`), eight lanes' selects are one instruction each, so
// the pixel loops clamp and quantize eight lanes at once instead of as two
// halves of four (which SSE2 needs; see MeshGradCore's `clampLanes`).
// BMI2's bit gather (`pext`, which the PNG encoder's coding loop uses to
// make table indices) takes a cycle on Intel CPUs and on AMD's since Zen 3
// (family 25), but is microcoded on earlier AMD ones, at tens to hundreds of
// cycles: a `haswell` build for such a machine makes its indices by shifts.
let hasSlowBitGather =
    ["AuthenticAMD", "HygonGenuine"].contains(cpuField("vendor_id") ?? "")
    && (Int(cpuField("cpu family") ?? "") ?? 0) < 25
let cpuSettings: [SwiftSetting] =
    targetCPU.map {
        [.unsafeFlags(["-target-cpu", $0])]
            + ($0 == "haswell" ? [.define("MESHGRAD_AVX2")] : [])
            + ($0 == "haswell" && !hasSlowBitGather ? [.define("MESHGRAD_FAST_PEXT")] : [])
    } ?? []
// The renderer and the PNG encoder are optimized in debug builds too: the
// debug `meshgrad` that the tests run (CLI, editor window, video) rendered
// a 1400×900 frame in 3 s unoptimized and 0.04 s optimized, the same bytes
// as a release build, and the whole suite took 845 s unoptimized against
// 306 s here. The other modules stay unoptimized, for the debugger.
let debugOptimization: [SwiftSetting] =
    buildsAsDependency ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]
let coreSettings = cpuSettings + debugOptimization

let package = Package(
    name: "meshgrad",
    products: [
        .executable(name: "meshgrad", targets: ["meshgrad"]),
        .library(name: "MeshGradCore", targets: ["MeshGradCore"]),
        .library(name: "MeshGradDocument", targets: ["MeshGradDocument"]),
        .library(name: "MeshGradPNG", targets: ["MeshGradPNG"]),
        .library(name: "MeshGradGL", targets: ["MeshGradGL"]),
        .library(name: "MeshGradExport", targets: ["MeshGradExport"]),
        .library(name: "MeshGradText", targets: ["MeshGradText"]),
        .library(name: "MeshGradInterchange", targets: ["MeshGradInterchange"]),
        .library(name: "MeshGradWeb", targets: ["MeshGradWeb"]),
        .library(name: "MeshGradPipeline", targets: ["MeshGradPipeline"]),
        // The library for Swift programs: one import, a document in, PNG bytes out.
        .library(name: "MeshGrad", targets: ["MeshGrad"]),
    ],
    targets: [
        // MARK: System libraries (module maps and shim headers only)

        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),

        // glibc's mallopt (part of libc: nothing to link).
        .systemLibrary(name: "CMalloc"),
        // Linux's vmsplice and FIONREAD (part of libc: nothing to link).
        .systemLibrary(name: "CPipe"),
        // The x86 bit gather instruction (a compiler builtin: nothing to link).
        .systemLibrary(name: "CBitGather"),

        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),

        // Epoxy and GLFW are opened when first used, not linked (their
        // headers are in the default include path; MeshGradGLLibraries says
        // why and defines their names).
        .systemLibrary(
            name: "CEpoxy",
            providers: [.apt(["libepoxy-dev"])]
        ),
        .systemLibrary(
            name: "CGLFW",
            providers: [.apt(["libglfw3-dev"])]
        ),

        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),

        // Opened on first use, not linked (see its shim), so no pkg-config
        // (whose flags would link it): avif.h is in the default include path.
        .systemLibrary(
            name: "CAVIF",
            providers: [.apt(["libavif-dev"])]
        ),
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // Dear ImGui (C++), for the preview's panels through MeshGradImGui's C API.
        .systemLibrary(
            name: "CImGui",
            pkgConfig: "imgui",
            providers: [.apt(["libimgui-dev"])]
        ),

        // MARK: Pure Swift

        .target(name: "MeshGradCore", swiftSettings: coreSettings),
        // Text for layouts: a stack sizes a text layer by its text (FreeType).
        .target(name: "MeshGradDocument", dependencies: ["MeshGradCore", "MeshGradText", "MeshGradLossy"]),
        .target(name: "MeshGradEditor", dependencies: ["MeshGradCore", "MeshGradDocument"]),

        // MARK: Text (FreeType)

        .target(name: "MeshGradText", dependencies: ["MeshGradCore", "CFreeType"]),

        // MARK: Encoders

        .target(
            name: "MeshGradPNG", dependencies: ["MeshGradCore", "CPNG", "CZlib", "CDeflate", "CBitGather"],
            swiftSettings: coreSettings),
        .target(
            name: "MeshGradExport",
            dependencies: [
                "MeshGradCore", "MeshGradPNG", "CWebP", "CLCMS2",
                .target(name: "CPipe", condition: .when(platforms: [.linux])),
            ]),
        // JPEG (libjpeg-turbo) and WebP (libwebp) stills, and JPEG photos for `meshgrad fit`.
        .target(name: "MeshGradLossy", dependencies: ["MeshGradCore", "MeshGradPNG", "CTurboJPEG", "CWebP", "CAVIF"]),

        // MARK: Interchange (Swift source in; Compose, CSS, SVG and PDF out)

        .target(name: "MeshGradInterchange", dependencies: ["MeshGradCore", "MeshGradPNG", "CZlib"]),

        // MARK: GPU

        .executableTarget(name: "EmbedShadersTool"),
        // C: epoxy's and GLFW's names, their libraries opened on first use.
        .target(name: "MeshGradGLLibraries"),
        .plugin(
            name: "EmbedShaders",
            capability: .buildTool(),
            dependencies: ["EmbedShadersTool"]
        ),
        .target(
            name: "MeshGradGL",
            dependencies: ["MeshGradCore", "CEpoxy", "CGLFW", "MeshGradGLLibraries"],
            plugins: ["EmbedShaders"]
        ),

        // MARK: Web (an ES module and a page drawing the document with WebGL2: the
        // JavaScript twins of the core's model, animation and tessellation, and
        // GLSL ES shaders generated from Shaders/)

        .target(
            name: "MeshGradWeb",
            dependencies: ["MeshGradCore", "MeshGradDocument"],
            exclude: ["JavaScript"],
            plugins: ["EmbedShaders"]
        ),

        // MARK: Pipeline (document -> frame plan -> a renderer; every caller goes through it)

        .target(
            name: "MeshGradPipeline",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradGL", "MeshGradText", "MeshGradExport",
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
            ]
        ),

        .target(
            name: "MeshGrad",
            dependencies: ["MeshGradCore", "MeshGradDocument", "MeshGradPipeline", "MeshGradPNG"]
        ),

        // The C++ shim: an extern "C" API over ImGui and its GLFW and OpenGL 3 backends.
        .target(name: "MeshGradImGui", dependencies: ["CImGui", "CGLFW", "MeshGradGLLibraries"]),

        .target(
            name: "MeshGradPreview",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradEditor", "MeshGradGL", "MeshGradPNG", "MeshGradText",
                "MeshGradPipeline", "MeshGradExport", "MeshGradLossy", "CEpoxy", "CGLFW", "MeshGradImGui",
            ]
        ),

        // MARK: Command line

        .target(
            name: "MeshGradCLI",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradPNG", "MeshGradGL", "MeshGradExport", "MeshGradPreview",
                "MeshGradText", "MeshGradInterchange", "MeshGradPipeline", "MeshGradEditor", "MeshGradLossy",
                "MeshGradWeb",
            ]
        ),
        .executableTarget(
            name: "meshgrad", dependencies: ["MeshGradCLI", "MeshGradCore", "MeshGradExport", "MeshGradPipeline"],
            // Swift's runtime, Foundation and Dispatch linked into the binary
            // (`swift build --static-swift-stdlib`'s result, for the plain
            // `swift build`): loading and relocating their shared libraries
            // was half of every start (`meshgrad --version`: 24 -> 13 ms).
            // The other modules import the shared Foundation, whose autolink
            // entries name fewer libraries than the static one needs: the
            // rest are listed here, as a group, so that their order does
            // not matter.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lCoreFoundation",
                        "-lFoundationInternationalization", "-l_FoundationICU", "-lFoundationEssentials",
                        "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                        "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime", "-Xlinker", "--end-group",
                    ])
            ]
        ),

        // MARK: Benchmarks (run by Scripts/bench.sh)

        .executableTarget(
            name: "meshgrad-bench",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradGL", "MeshGradPNG", "MeshGradText", "MeshGradPipeline",
                "CDeflate", "CZlib",
            ],
            path: "Benchmarks/MeshGradBench"
        ),

        // MARK: Tests

        .target(
            name: "MeshGradTestSupport",
            dependencies: ["MeshGradCore", "MeshGradPNG"],
            path: "Tests/MeshGradTestSupport"
        ),
        .testTarget(
            name: "MeshGradCoreTests",
            dependencies: ["MeshGradCore", "MeshGradDocument", "MeshGradTestSupport"]
        ),
        .testTarget(
            name: "MeshGradDocumentTests",
            dependencies: ["MeshGradCore", "MeshGradDocument"]
        ),
        .testTarget(
            name: "MeshGradInterchangeTests",
            dependencies: [
                "MeshGradInterchange", "MeshGradCore", "MeshGradDocument", "MeshGradPNG", "MeshGradTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "MeshGradWebTests",
            dependencies: [
                "MeshGradWeb", "MeshGradCore", "MeshGradDocument", "MeshGradTestSupport", "MeshGradPNG",
            ]
        ),
        .testTarget(
            name: "MeshGradTextTests",
            dependencies: ["MeshGradText", "MeshGradCore"]
        ),
        .testTarget(
            name: "MeshGradSceneTests",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradText", "MeshGradGL", "MeshGradPNG", "MeshGradTestSupport",
            ]
        ),
        .testTarget(
            name: "MeshGradPNGTests",
            dependencies: ["MeshGradCore", "MeshGradPNG", "MeshGradTestSupport", "CZlib"]
        ),
        .testTarget(
            name: "MeshGradGLTests",
            dependencies: ["MeshGradGL", "MeshGradCore", "MeshGradDocument", "MeshGradTestSupport", "CEpoxy"]
        ),
        .testTarget(
            name: "MeshGradEditorTests",
            dependencies: ["MeshGradEditor", "MeshGradCore", "MeshGradDocument", "MeshGradPNG", "MeshGradTestSupport"]
        ),
        .testTarget(
            name: "MeshGradPreviewTests",
            dependencies: [
                "MeshGradCore", "MeshGradDocument", "MeshGradEditor", "MeshGradGL", "MeshGradPNG",
                "MeshGradTestSupport",
            ]
        ),
        .testTarget(
            name: "MeshGradTests",
            dependencies: ["MeshGrad", "MeshGradCLI", "MeshGradPNG"]
        ),
        .testTarget(
            name: "MeshGradCLITests",
            dependencies: [
                "MeshGradCLI", "MeshGradCore", "MeshGradPNG", "MeshGradPipeline", "MeshGradTestSupport",
                "MeshGradLossy",
            ],
            // SwiftUI's signatures, type-checked against by SwiftUICodeTypeCheckTests, not compiled here.
            exclude: ["SwiftUIStub", "FuzzCrashes"]
        ),
    ]
)
