import Testing
@testable import HearthRules
#if canImport(Foundation)
import Foundation
#endif

/// Every rules example of the shared fact sheet must parse.
@Suite struct RulesFactSheetTests {
    /// The fact sheet's text, found relative to this file (`<repo>/../shared/reference/security-rules.md`),
    /// or nil when it is not there.
    static func factSheet() -> String? {
        #if canImport(Foundation)
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = directory.deletingLastPathComponent()
                .appendingPathComponent("shared/reference/security-rules.md")
            if let text = try? String(contentsOf: candidate, encoding: .utf8) { return text }
            directory = directory.deletingLastPathComponent()
        }
        #endif
        return nil
    }

    /// The fenced code blocks of a Markdown text, with the line each starts on.
    static func fencedBlocks(in markdown: String) -> [(line: Int, text: String)] {
        var blocks: [(line: Int, text: String)] = []
        var current: [Substring]?
        var startLine = 0
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append((startLine, lines.joined(separator: "\n")))
                    current = nil
                } else if line == "```" {
                    current = []
                    startLine = number + 2
                }
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The layout sketch of §1.1 writes `...` for omitted code: a function body becomes `return true;`,
    /// any other `...` the expression `true`.
    static func fillingPlaceholders(_ text: String) -> String {
        text.replacingOccurrences(of: "{ ... }", with: "{ return true; }")
            .replacingOccurrences(of: "...", with: "true")
    }

    /// Blocks that are whole rules files (start with `rules_version` or `service`) parse.
    @Test func completeExamplesParse() throws {
        guard let sheet = Self.factSheet() else { return }
        let files = Self.fencedBlocks(in: sheet).filter { block in
            let trimmed = block.text.drop { $0.isWhitespace }
            return trimmed.hasPrefix("rules_version") || trimmed.hasPrefix("service")
        }
        #expect(!files.isEmpty)
        for block in files {
            #expect(throws: Never.self, "fact sheet block at line \(block.line)") {
                _ = try RulesParser.parse(Self.fillingPlaceholders(block.text))
            }
        }
    }

    /// The worked examples (match snippets) parse once wrapped in the sheet's stated preamble.
    @Test func workedExamplesParse() throws {
        guard let sheet = Self.factSheet(), let section = sheet.range(of: "## 6. Worked examples") else { return }
        let examples = Self.fencedBlocks(in: String(sheet[section.lowerBound...])).filter { block in
            let trimmed = block.text.drop { $0.isWhitespace }
            return trimmed.hasPrefix("match") || trimmed.hasPrefix("function")
        }
        #expect(examples.count >= 40)
        for block in examples {
            #expect(throws: Never.self, "worked example \(block.text.prefix(60))") {
                _ = try RulesParser.parse(RulesSyntaxTestSupport.wrapped(block.text))
            }
        }
    }
}
