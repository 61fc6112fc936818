import ExampleSupport
import Hearth
import Medspace

/// One-line renderings of the model for the demo's output.
enum Describe {
    /// `"Dolor torácico en Cardiología" by DrAnaSosa (Ana Sosa), Internal Medicine`.
    static func listing(_ listing: PostListing) -> String {
        let author = listing.authorUsername.map { "\($0) (\(listing.authorFullname ?? ""))" } ?? "a former user"
        return "\"\(listing.post.title)\" by \(author), \(listing.post.speciality.rawValue)"
    }

    /// `[]` rendered as the app's empty-list message.
    static func empty(_ listings: [PostListing]) -> String {
        listings.isEmpty ? "No posts found with these filters" : "\(listings.count) posts"
    }

    /// `3 accounts, 3 users, 4 posts, …`.
    static func statistics(_ statistics: StoreStatistics) -> String {
        let posts = statistics.posts.values.reduce(0, +)
        return [
            count(statistics.accounts, "account"), count(statistics.users, "user"), count(posts, "post"),
            count(statistics.comments, "comment"), count(statistics.keywords, "keyword"),
            count(statistics.notifications, "notification"),
        ].joined(separator: ", ")
    }

    /// `1 post`, `2 posts`.
    static func count(_ number: Int, _ singular: String) -> String {
        DemoNarration.count(number, singular)
    }
}
