import Foundation
import HearthTestSupport
import Testing

/// The README's Swift samples are the ones `ReadmeSnippets.swift` compiles: every `swift` block
/// carries a `<!-- snippet: NAME -->` marker, and its text is, byte for byte, the body of `NAME`.
@Suite("README snippets")
struct ReadmeSnippetsTests {
    /// Each marked block of the README: the snippet's name and its text.
    static func blocks() throws -> [(name: String?, text: String)] {
        let readme = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [(String?, String)] = []
        var marker: String?
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = current {
                if line == "```" {
                    blocks.append((marker, lines.joined(separator: "\n")))
                    current = nil
                    marker = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->") {
                marker = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
            } else if line == "```swift" {
                current = []
            } else if line.hasPrefix("```") {
                marker = nil
            }
        }
        return blocks
    }

    @Test func everySwiftBlockIsMarkedAndCompiledVerbatim() throws {
        let source = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("Tests/HearthTests/ReadmeSnippets.swift"), encoding: .utf8)
        let blocks = try Self.blocks()
        #expect(!blocks.isEmpty)
        for (name, text) in blocks {
            let name = try #require(name, "a swift block without a snippet marker: \(text.prefix(60))")
            let opening = "fileprivate func \(name)() async throws {\n"
            let start = try #require(source.range(of: opening), "ReadmeSnippets.swift has no \(name)")
            let body = source[start.upperBound...]
            #expect(body.hasPrefix(text + "\n}\n"), "\(name) differs from the README's block")
        }
    }
}
