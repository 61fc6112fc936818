import Foundation
import HearthCore
import HearthRules
import HearthServer

/// `Authorization` header values: as given and behind `Bearer `; a header that yields a signed-in
/// user has its claims read by rules (`request.auth.token…`) on a few requests.
enum JWTFuzzTarget {
    /// Rules whose conditions read the claims in several ways.
    static let rules = try? SecurityRules(source: """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /{document=**} {
              allow get: if request.auth.token.email.matches('.*@x[.]io') && request.auth.token.email_verified == true;
              allow list: if request.auth.token.firebase.sign_in_provider in ['password', 'custom'];
              allow create: if request.auth.token.keys().size() < 50 && request.auth.uid.size() > 0;
              allow update: if request.auth.token.get('roles', []).hasAny(['admin']) || request.auth.token.n > 1.5;
              allow delete: if request.auth.token.exp < request.time.toMillis() / 1000;
            }
          }
        }
        """)

    /// Runs one input.
    static func run(_ input: Data) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        for header in [text, "Bearer " + text] {
            let access: AccessContext
            switch Result(catching: { () throws(FirestoreError) in try AuthorizationHeader.access(header) }) {
            case .success(let context): access = context
            case .failure(let error) where error.code == .unauthenticated: continue
            case .failure(let error): return "header refused with \(error.code.name), not UNAUTHENTICATED"
            }
            guard let rules else { return "the JWT target's rules do not parse" }
            for request in RulesFixtures.requests(auth: access) {
                _ = rules.authorize(request, lookup: RulesFixtures.lookup)
            }
        }
        return nil
    }
}
