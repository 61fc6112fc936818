// komunit-demo: a scripted Komunit session on a real data directory.
//
//     swift run komunit-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import Komunit

await DemoMain.run(program: "komunit-demo", defaultDirectory: "./komunit-data") { options in
    let app = try await Komunit(directory: options.dataDirectory)
    defer { app.close() }
    try await DemoScript(app: app, directory: options.dataDirectory).run()
}
