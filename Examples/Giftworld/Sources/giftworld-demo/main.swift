// giftworld-demo: a scripted Giftworld session on a real data directory.
//
//     swift run giftworld-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import Giftworld

await DemoMain.run(program: "giftworld-demo", defaultDirectory: "./giftworld-data") { options in
    let app = try await Giftworld(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
}
