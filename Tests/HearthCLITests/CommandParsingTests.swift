import ArgumentParser
import Foundation
import HearthCLI
import HearthServer
import Logging
import Testing

/// `hearth`'s command line as ArgumentParser parses it: defaults, every flag, and errors that name
/// the flag.
@Suite("hearth command line")
struct CommandParsingTests {
    private func serve(_ arguments: [String]) throws -> ServeCommand {
        let command = try HearthCommand.parseAsRoot(["serve"] + arguments)
        return try #require(command as? ServeCommand)
    }

    @Test func serveWithoutFlagsIsTheDefaultConfiguration() throws {
        let command = try serve([])
        #expect(command.serverConfiguration == ServerConfiguration())
        #expect(command.logLevel == .notice)
    }

    @Test func everyServeFlagReachesTheConfiguration() throws {
        let command = try serve([
            "--host", "::1", "--port", "0", "--data", "/tmp/h", "--project", "demo-p", "--rules", "r.rules",
            "--indexes", "i.json", "--require-indexes", "--no-sync", "--log-level", "debug",
        ])
        let expected = ServerConfiguration(
            host: "::1", port: 0, dataDirectory: "/tmp/h", project: "demo-p", rulesFile: "r.rules",
            requireIndexes: true, indexesFile: "i.json", syncsEachCommit: false)
        #expect(command.serverConfiguration == expected)
        #expect(command.logLevel == .debug)
    }

    @Test func corsOriginsAndTheRenewalKnobReachTheConfiguration() throws {
        let configuration = try serve([
            "--cors-origin", "http://192.168.1.20:5173", "--cors-origin", "*", "--web-channel-renewal", "2.5",
        ]).serverConfiguration
        #expect(configuration.corsOrigins == ["http://192.168.1.20:5173", "*"])
        #expect(configuration.webChannel.backChannelRenewal == .milliseconds(2_500))
        #expect(try serve([]).serverConfiguration.corsOrigins.isEmpty)
        #expect(try serve([]).serverConfiguration.webChannel == WebChannelLimits())
    }

    @Test func theAuthPortReachesTheConfiguration() throws {
        #expect(try serve(["--auth-port", "9099"]).serverConfiguration.authPort == 9099)
        #expect(try serve([]).serverConfiguration.authPort == nil)
    }

    @Test(arguments: [["--cors-origin", "192.168.1.20:5173"], ["--web-channel-renewal", "0.1"], ["--auth-port", "70000"]])
    func aBadCORSOriginOrRenewalIsRefusedNamingTheFlag(arguments: [String]) {
        do {
            _ = try serve(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(HearthCommand.message(for: error).contains(arguments[0]))
        }
    }

    @Test func flagsTakeTheEqualsSpellingToo() throws {
        #expect(try serve(["--port=9090", "--data=./d"]).serverConfiguration.port == 9090)
        #expect(try serve(["--port=9090", "--data=./d"]).serverConfiguration.dataDirectory == "./d")
    }

    @Test(arguments: [["--port", "70000"], ["--port", "-1"], ["--port", "http"]])
    func aBadPortIsRefusedNamingTheFlag(arguments: [String]) {
        do {
            _ = try serve(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(HearthCommand.message(for: error).contains("--port"))
            #expect(HearthCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test func theHiddenMapSizeKnobReachesServeAndVerify() throws {
        #expect(try serve(["--initial-map-size", "262144"]).serverConfiguration.initialMapSize == 262_144)
        #expect(try serve([]).serverConfiguration.initialMapSize == nil)
        #expect(throws: (any Error).self) { try serve(["--initial-map-size", "4096"]) }
        let verify = try #require(
            try HearthCommand.parseAsRoot(["verify", "--data", NSTemporaryDirectory(), "--initial-map-size", "262144"])
                as? VerifyCommand)
        #expect(verify.initialMapSize == 262_144)
    }

    @Test func theHiddenListenStallLimitReachesTheServerConfiguration() throws {
        #expect(try serve(["--listen-stall-limit", "2.5"]).serverConfiguration.listenStallLimit == .milliseconds(2_500))
        #expect(try serve([]).serverConfiguration.listenStallLimit == .seconds(30))
    }

    @Test(arguments: ["0", "-1", "nan", "1e300"])
    func aListenStallLimitOutOfRangeIsRefusedNamingTheFlag(value: String) {
        do {
            _ = try serve(["--listen-stall-limit", value])
            Issue.record("\(value) was accepted")
        } catch {
            #expect(HearthCommand.message(for: error).contains("--listen-stall-limit"))
            #expect(HearthCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test func anUnknownFlagOrLevelIsRefused() {
        #expect(throws: (any Error).self) { try serve(["--verbose"]) }
        #expect(throws: (any Error).self) { try serve(["--log-level", "loud"]) }
    }

    @Test func everySubcommandSharesOneDefaultDataDirectory() throws {
        // verify refuses a missing directory while parsing, so its default is checked with one that exists.
        let demo = try #require(try HearthCommand.parseAsRoot(["demo"]) as? DemoCommand)
        #expect(demo.data.directory == DataDirectoryOptions.defaultDirectory)
        #expect(try DataDirectoryOptions.parse([]).directory == "./.hearth")
        let existing = NSTemporaryDirectory()
        let verify = try #require(try HearthCommand.parseAsRoot(["verify", "--data", existing]) as? VerifyCommand)
        #expect(verify.data.directory == existing)
        #expect(try serve([]).serverConfiguration.dataDirectory == DataDirectoryOptions.defaultDirectory)
    }

    @Test(arguments: [["--help"], ["serve", "--help"], ["verify", "--help"], ["demo", "-h"], ["help", "serve"]])
    func helpIsASuccessNotAnError(arguments: [String]) {
        do {
            // ArgumentParser answers help either by throwing a clean exit or with its built-in
            // help command; never with one of ours (whose run would open a data directory).
            let command = try HearthCommand.parseAsRoot(arguments)
            #expect(!(command is ServeCommand || command is VerifyCommand || command is DemoCommand), "\(arguments)")
        } catch {
            #expect(HearthCommand.exitCode(for: error) == .success)
        }
    }

    @Test func helpListsTheFlags() {
        let help = HearthCommand.helpMessage(for: ServeCommand.self)
        for flag in ["--host", "--port", "--data", "--rules", "--indexes", "--require-indexes", "--no-sync", "--log-level"] {
            #expect(help.contains(flag), "serve --help lacks \(flag)")
        }
    }

    @Test func verifyRefusesAMissingDirectoryWithoutCreatingIt() {
        let missing = NSTemporaryDirectory() + "hearth-cli-missing-" + UUID().uuidString
        do {
            _ = try HearthCommand.parseAsRoot(["verify", "--data", missing])
            Issue.record("verify accepted a missing directory")
        } catch {
            #expect(HearthCommand.message(for: error).contains("--data"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
