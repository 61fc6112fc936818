// komunit-demo: a scripted Komunit session on a real data directory.
//
//     swift run komunit-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import Foundation
import Komunit

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = DemoOptions.usage(program: "komunit-demo", defaultDirectory: "./komunit-data")
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
guard let options = DemoOptions(arguments: arguments, defaultDirectory: "./komunit-data") else {
    print(usage)
    exit(64)
}

do {
    let app = try Komunit(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
} catch {
    print("\nThe demo stopped: \(error)")
    exit(1)
}
