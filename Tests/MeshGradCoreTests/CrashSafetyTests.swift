import Foundation
import Testing

@testable import MeshGradCore

/// When a replaced output is flushed before its rename (``CrashSafety``).
@Suite struct CrashSafetyTests {
    static let mounts = MountTable(
        text: """
            /dev/vda / ext4 rw,relatime,discard 0 0
            proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
            tmpfs /tmp tmpfs rw,nosuid,nodev 0 0
            /dev/vdb /work ext4 rw,relatime,noauto_da_alloc 0 0
            /dev/vdc /work/data xfs rw,relatime 0 0
            /dev/vdd /mnt/my\\040disk ext4 rw,data=writeback 0 0
            server:/share /mnt/nfs nfs4 rw,relatime 0 0

            """)

    @Test func theDeepestMountHoldsAPath() {
        #expect(Self.mounts.mount(containing: "/home/me")?.point == "/")
        #expect(Self.mounts.mount(containing: "/tmp")?.type == "tmpfs")
        #expect(Self.mounts.mount(containing: "/tmpfoo")?.point == "/")
        #expect(Self.mounts.mount(containing: "/work/data/x")?.type == "xfs")
        #expect(Self.mounts.mount(containing: "/work/database")?.point == "/work")
        #expect(Self.mounts.mount(containing: "/mnt/my disk/a")?.point == "/mnt/my disk")
    }

    @Test func onlyFilesystemsThatOrderDataBeforeRenamesSkipTheFlush() {
        func orders(_ path: String) -> Bool { Self.mounts.mount(containing: path)!.ordersDataBeforeRename }
        #expect(orders("/home/me"))  // ext4, auto_da_alloc by default
        #expect(orders("/tmp/x"))  // tmpfs: nothing survives a crash anyway
        #expect(!orders("/work/x"))  // ext4 with noauto_da_alloc
        #expect(!orders("/work/data/x"))  // xfs
        #expect(!orders("/mnt/my disk/x"))  // ext4, data=writeback
        #expect(!orders("/mnt/nfs/x"))
    }

    @Test func aNewNameNeedsNoFlush() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-crash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.png")
        #expect(!CrashSafety.renameNeedsFlush(replacing: target))
        // Replacing: decided by this machine's filesystem, as the table says.
        try Data("previous".utf8).write(to: target)
        let mount = MountTable.current.mount(containing: realpath(folder.path, nil).map { String(cString: $0) }!)
        #expect(CrashSafety.renameNeedsFlush(replacing: target) == !(mount?.ordersDataBeforeRename ?? false))
    }

    @Test func anOutputThatReplacesAFileIsStillWrittenWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-crash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.png")
        try Data("previous".utf8).write(to: target)
        let file = try AtomicFile(destination: target, durability: .whereReplacingNeedsIt)
        try file.write(Data("half".utf8))
        file.abandon()
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous")
        try AtomicFile.write(Data("new".utf8), to: target, durability: .whereReplacingNeedsIt)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }
}
