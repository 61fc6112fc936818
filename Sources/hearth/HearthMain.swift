import ArgumentParser
import HearthCLI
import NIOCore
import NIOPosix

/// `hearth`'s entry point: the commands live in HearthCLI (tested there). An async `main` makes
/// ArgumentParser's async `main()` the one called, so `serve` and `demo` run asynchronously.
///
/// Swift concurrency's jobs run on NIO's event loops (NIO's own switch, made once, first thing):
/// a gRPC call no longer hops between the loop that reads it and the global pool that runs its
/// handler. Through the official Python client that cut the server's CPU per sequential call by
/// 15–24% and raised 4 concurrent clients' gets by 6–20% (`docs/history/wire-journal.md`).
@main
enum HearthMain {
    static func main() async {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await HearthCommand.main()
    }
}
