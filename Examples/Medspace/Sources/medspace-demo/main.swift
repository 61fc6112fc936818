// medspace-demo: a scripted Medspace session on a real data directory.
//
//     swift run medspace-demo [--data DIR]
//
// Run it twice on the same directory: the second run finds the first run's data.
import ExampleSupport
import Medspace

await DemoMain.run(program: "medspace-demo", defaultDirectory: "./medspace-data") { options in
    let app = try await Medspace.open(directory: options.dataDirectory)
    do {
        try await DemoScript(app: app, directory: options.dataDirectory).run()
    } catch {
        await app.close()
        throw error
    }
    await app.close()
}
