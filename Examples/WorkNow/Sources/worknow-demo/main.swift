// worknow-demo: a scripted WorkNow session on a real data directory.
//
//     swift run worknow-demo [--data DIR]
//
// Run it twice on the same directory: the second run signs in and finds the first run's data.
import ExampleSupport
import WorkNow

await DemoMain.run(program: "worknow-demo", defaultDirectory: "./worknow-data") { options in
    let app = try await WorkNow(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
}
