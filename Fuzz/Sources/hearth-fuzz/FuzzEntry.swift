import Foundation
import HearthFuzz

// `hearth-fuzz`: Hearth's fuzz targets. Built with `-sanitize=fuzzer` (`make fuzz-build`, which
// defines HEARTH_LIBFUZZER) it is a libFuzzer binary whose target is named by HEARTH_FUZZ_TARGET;
// built normally it replays inputs: `hearth-fuzz TARGET FILE|DIRECTORY…`, or measures the heap
// over repeated updates and listens (`hearth-fuzz --leak-replay [--rounds N] [--engines N]`)
// (`hearth-fuzz --write-seeds Fuzz/corpus`, or HEARTH_FUZZ_WRITE_SEEDS=Fuzz/corpus in the libFuzzer
// build, writes the generated gRPC seeds).

/// The target the process runs, from `HEARTH_FUZZ_TARGET` (checked once, at start-up).
let selectedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["HEARTH_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

/// The names of every target, for messages.
let targetNames = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")

#if HEARTH_LIBFUZZER
/// libFuzzer's start-up hook: refuses to run without a valid HEARTH_FUZZ_TARGET.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    if let corpus = ProcessInfo.processInfo.environment["HEARTH_FUZZ_WRITE_SEEDS"] {
        print(GRPCSeeds.write(corpus: corpus))
        exit(0)
    }
    if selectedTarget == nil {
        FileHandle.standardError.write(Data("hearth-fuzz: set HEARTH_FUZZ_TARGET to one of: \(targetNames)\n".utf8))
        exit(2)
    }
    atexit { FuzzTarget.closeAll() }
    return 0
}

/// libFuzzer's driver (compiler-rt's C entry point, `LLVMFuzzerRunDriver`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The process's entry point. SwiftPM links executables on Linux with `main` renamed to
/// `hearth_fuzz_main`, which keeps libFuzzer's own `main` out, so this one starts libFuzzer's driver.
@_cdecl("hearth_fuzz_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        runOne(data.map { Data(bytes: $0, count: size) } ?? Data())
    }
}

/// libFuzzer's entry point: runs one input; a finding aborts, so libFuzzer saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    runOne(Data(bytes: data, count: size))
}

/// Runs one input through the selected target; a finding is printed and aborts the process.
func runOne(_ input: Data) -> CInt {
    guard let target = selectedTarget else { return 0 }
    if let finding = target.run(input) {
        FileHandle.standardError.write(Data("hearth-fuzz finding (\(target.rawValue)): \(finding)\n".utf8))
        abort()
    }
    return 0
}
#else
/// Replays inputs without libFuzzer (a normal build): each file, or each file of each directory.
@main
struct FuzzReplay {
    /// Runs the named target over the given files; exits 1 on a finding.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--write-seeds", arguments.count == 2 {
            print(GRPCSeeds.write(corpus: arguments[1]))
            return
        }
        if arguments.first == "--leak-replay" {
            exit(LeakReplayCommand.run(Array(arguments.dropFirst())))
        }
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data(
                ("usage: hearth-fuzz TARGET FILE|DIRECTORY… (targets: \(targetNames))\n"
                    + "       hearth-fuzz --leak-replay [--rounds N] [--engines N] [--rounds-per-engine N]\n").utf8))
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                count += 1
                if let finding = target.run(data) {
                    print("\(file): \(finding)")
                    FuzzTarget.closeAll()
                    exit(1)
                }
            }
        }
        FuzzTarget.closeAll()
        print("\(count) inputs replayed through \(name): no finding")
    }

    /// The file at `path`, or the files directly in it when it is a directory.
    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
#endif
