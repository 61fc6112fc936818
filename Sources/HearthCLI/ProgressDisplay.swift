import Foundation
import HearthTransfer
import Synchronization

/// Shows a transfer's progress: a bar redrawn in place on a terminal (documents, bytes, rate,
/// ETA), nothing until the one summary line otherwise.
final class ProgressDisplay: Sendable {
    private let interactive: Bool
    private let started = ContinuousClock.now

    /// A display that draws a bar only when standard output is a terminal.
    init(interactive: Bool = isatty(STDOUT_FILENO) != 0) { self.interactive = interactive }

    /// The handler to pass to an importer or exporter.
    var handler: ProgressHandler {
        { [self] progress in update(progress) }
    }

    private func update(_ progress: TransferProgress) {
        guard interactive else { return }
        FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + line(progress)).utf8))
    }

    /// Seconds since the display was created.
    var elapsed: Double {
        let duration = ContinuousClock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func line(_ progress: TransferProgress) -> String {
        let seconds = max(elapsed, 0.001)
        let rate = Double(progress.documents) / seconds
        var text = "\(progress.phase) \(progress.documents) docs  \(Self.bytes(progress.bytes))"
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(1, Double(progress.bytes) / Double(total))
            let width = 24
            let filled = Int(fraction * Double(width))
            text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                + text + " / \(Self.bytes(total))  \(Int(fraction * 100))%"
            if fraction > 0.001 { text += "  ETA \(Self.duration(seconds / fraction - seconds))" }
        }
        text += "  \(Int(rate)) docs/s"
        if progress.skipped > 0 { text += "  \(progress.skipped) skipped" }
        if progress.damaged > 0 { text += "  \(progress.damaged) damaged" }
        return text
    }

    /// Ends the bar (if any) and prints the one summary line, unbuffered: under `serve` it must
    /// reach a pipe before the ready line, not when the process exits.
    func finish(_ summary: String) {
        if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
        Self.say(summary)
    }

    /// Writes one line to standard output at once.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// `1.5 MiB`-style sizes.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1_024 && unit < units.count - 1 {
            value /= 1_024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// `m:ss` durations.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return "\(total / 60):" + String(format: "%02d", total % 60)
    }
}

/// Set by SIGINT during an import or export so the work stops between batches. Created before
/// the data directory is opened, so a Ctrl-C at any moment stops the work instead of killing it.
final class InterruptFlag: @unchecked Sendable {
    // Unchecked only for `source`: Dispatch's sources are not `Sendable` on Linux; it is set once
    // in `init` and only cancelled after. The rest is in `state`.
    /// Whether Ctrl-C was pressed, and what to run when it is.
    private struct State {
        var raised = false
        var action: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    /// The SIGINT source.
    private let source: any DispatchSourceSignal

    /// Catches SIGINT (instead of dying).
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            guard let self else { return }
            let action = self.state.withLock { state -> (@Sendable () -> Void)? in
                state.raised = true
                return state.action
            }
            action?()
        }
        source.resume()
    }

    /// Runs `action` on Ctrl-C — at once when it was already pressed.
    func whenRaised(_ action: @escaping @Sendable () -> Void) {
        let already = state.withLock { state -> Bool in
            state.action = action
            return state.raised
        }
        if already { action() }
    }

    /// True once Ctrl-C was pressed.
    var isRaised: Bool { state.withLock { $0.raised } }

    /// Restores SIGINT's default action.
    func release() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
