// roomiefinder-demo: a scripted RoomieFinder session on a real data directory.
//
//     swift run roomiefinder-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import RoomieFinder

await DemoMain.run(program: "roomiefinder-demo", defaultDirectory: "./roomiefinder-data") { options in
    let app = try await RoomieFinder(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
}
