// swift-tools-version:6.0
//
// A program that uses meshgrad as a library, the way another SwiftPM
// package would: by path, through the `MeshGrad` product. CI builds and
// runs it (`swift run --package-path Examples render-examples OUT`).

import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is
// called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "meshgrad-examples",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "render-examples",
            dependencies: [.product(name: "MeshGrad", package: root.lastPathComponent)]
        )
    ]
)
