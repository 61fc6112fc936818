// medspace-demo: a scripted Medspace session on a real data directory.
//
//     swift run medspace-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import Foundation
import Medspace

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = DemoOptions.usage(program: "medspace-demo", defaultDirectory: "./medspace-data")
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
guard let options = DemoOptions(arguments: arguments, defaultDirectory: "./medspace-data") else {
    print(usage)
    exit(64)
}

do {
    let app = try await Medspace.open(directory: options.dataDirectory)
    do {
        try await DemoScript(app: app, directory: options.dataDirectory).run()
    } catch {
        await app.close()
        throw error
    }
    await app.close()
} catch {
    print("\nThe demo stopped: \(error)")
    exit(1)
}
