// worknow-demo: a scripted WorkNow session on a real data directory.
//
//     swift run worknow-demo [--data DIR]
//
// Run it twice on the same directory: the second run signs in and finds the first run's data.
import ExampleSupport
import Foundation
import WorkNow

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = DemoOptions.usage(program: "worknow-demo", defaultDirectory: "./worknow-data")
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
guard let options = DemoOptions(arguments: arguments, defaultDirectory: "./worknow-data") else {
    print(usage)
    exit(64)
}

do {
    let app = try WorkNow(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
} catch {
    print("\nThe demo stopped: \(error)")
    exit(1)
}
