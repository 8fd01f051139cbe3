import Foundation
import MeshGradCLI
import MeshGradCore
import MeshGradExport
import MeshGradPipeline

// A standard stream closed by the caller (`<&-`) is refused in one line,
// and no file opened later may take its number (StandardStreams says why).
StandardStreams.occupyClosed()

// Frames allocate and free the same large buffers: keep them in the heap
// (FrameLoopMemory says why and what it gains).
FrameLoopMemory.keepFreedBlocks()

// A closed pipe (ffmpeg gone) is an error to report, not a reason to die.
signal(SIGPIPE, SIG_IGN)
// Likewise a file grown past the size limit (`ulimit -f`): the write fails
// with EFBIG, which is reported and the half-written file removed, where
// the signal's default action killed the run and left it behind.
signal(SIGXFSZ, SIG_IGN)

// Ctrl-C and termination stop ffmpeg and remove any half-written output
// before exiting. The signals are blocked in every thread (threads inherit
// the mask from this one) and taken by one thread with sigwait, where the
// cleanup may do anything; a signal handler could only do what is
// async-signal-safe. Both get their default action back first: a shell
// starts background jobs with SIGINT ignored, and an ignored signal would
// never arrive.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for number in [SIGINT, SIGTERM, SIGHUP] {
    signal(number, SIG_DFL)
    sigaddset(&stopSignals, number)
}
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
let waitedSignals = stopSignals
let signalThread = Thread {
    var set = waitedSignals
    var received: Int32 = 0
    sigwait(&set, &received)
    // First, as it marks the run as stopping (`isAbandoned`): a still's
    // temporary file removed under its writer fails the run too.
    PendingOutputs.shared.abandonAll()
    AtomicFile.removePendingFiles()
    exit(128 + received)
}
signalThread.start()

let status = CLI.run(Array(CommandLine.arguments.dropFirst()))
// The cleanup kills ffmpeg, which can end the run with an error before the
// signal's thread exits: that thread's status (128 + the signal) is the
// run's, so this one waits for it.
if PendingOutputs.shared.isAbandoned {
    while true { pause() }
}
exit(status)
