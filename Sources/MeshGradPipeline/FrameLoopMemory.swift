#if canImport(CMalloc)
    import CMalloc
#endif

/// The allocator settings for a process that draws frame after frame.
///
/// Every frame allocates and frees the same large buffers (triangles, row
/// lists, the frame itself). By default glibc returns a freed block over
/// 128 KiB to the system and trims the heap's top, so the next frame maps
/// and zeroes fresh pages again. Measured (release, `meshgrad-bench
/// --frames`, onboarding at 640×360): tessellation 1.8–2.3 → 1.1–1.3 ms and
/// tessellation + render 5.1 → 3.6–4.3 ms a frame; a 1080p H.264 export
/// about 5 % faster. Peak memory is unchanged; memory freed after a peak
/// stays with the process for its next frames.
public enum FrameLoopMemory {
    /// Keeps freed blocks up to 32 MiB (the most glibc allows here; a
    /// 1080p 16-bit frame is 16.6 MB) in the heap, and never trims it.
    /// For programs, not libraries: it changes the whole process's
    /// allocator. `meshgrad` and `meshgrad-bench` call it first thing.
    public static func keepFreedBlocks() {
        #if canImport(CMalloc)
            _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        #endif
    }
}
