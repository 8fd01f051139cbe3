import Foundation
import MeshGradCLI
import MeshGradCore

// Ctrl-C and termination remove any half-written output before exiting.
let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
        AtomicFile.removePendingFiles()
        exit(128 + number)
    }
    source.resume()
    return source
}

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
