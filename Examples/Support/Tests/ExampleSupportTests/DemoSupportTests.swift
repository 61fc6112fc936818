import ExampleSupport
import Hearth
import Testing

/// The demo helpers every example app shares.
@Suite("Demo support")
struct DemoSupportTests {
    @Test func optionsTakeTheDataDirectoryInBothSpellings() {
        #expect(DemoOptions(arguments: [], defaultDirectory: "./d")?.dataDirectory == "./d")
        #expect(DemoOptions(arguments: ["--data", "/tmp/x"], defaultDirectory: "./d")?.dataDirectory == "/tmp/x")
        #expect(DemoOptions(arguments: ["--data=/tmp/y"], defaultDirectory: "./d")?.dataDirectory == "/tmp/y")
    }

    @Test(arguments: [["--data"], ["--data", ""], ["--verbose"], ["extra"], ["--data="]])
    func optionsRefuseWhatTheyDoNotUnderstand(arguments: [String]) {
        #expect(DemoOptions(arguments: arguments, defaultDirectory: "./d") == nil)
    }

    @Test func usageNamesTheProgramAndTheDefault() {
        let usage = DemoOptions.usage(program: "medspace-demo", defaultDirectory: "./medspace-data")
        #expect(usage.contains("usage: medspace-demo [--data DIR]"))
        #expect(usage.contains("(default: ./medspace-data)"))
    }

    @Test func countsPickSingularOrPlural() {
        #expect(DemoNarration.count(1, "ad") == "1 ad")
        #expect(DemoNarration.count(0, "ad") == "0 ads")
        #expect(DemoNarration.count(2, "entry", plural: "entries") == "2 entries")
    }

    @Test func timesAreUTCWithMilliseconds() throws {
        let time = try Timestamp(seconds: 1_764_165_802, nanoseconds: 123_000_000)
        #expect(DemoNarration.time(time) == "2025-11-26 14:03:22.123 UTC")
        #expect(DemoNarration.time(nil) == "(pending)")
    }
}
