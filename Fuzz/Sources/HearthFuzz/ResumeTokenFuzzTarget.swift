import Foundation
import HearthServer

/// Listen resume tokens, as bytes and as the base64 text the REST API carries: a token decodes to
/// a version only if encoding that version gives the token back.
enum ResumeTokenFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        for token in [input, Data(base64Encoded: String(decoding: input, as: UTF8.self)) ?? Data()] {
            if let version = ResumeToken.decode(token), ResumeToken.encode(version) != token {
                return "token \(token.base64EncodedString()) decodes to \(version), which encodes differently"
            }
        }
        return nil
    }
}
