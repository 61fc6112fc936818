import ArgumentParser
import HearthCLI

/// `hearth`'s entry point: the commands live in HearthCLI (tested there). An async `main` makes
/// ArgumentParser's async `main()` the one called, so `serve` and `demo` run asynchronously.
@main
enum HearthMain {
    static func main() async {
        await HearthCommand.main()
    }
}
