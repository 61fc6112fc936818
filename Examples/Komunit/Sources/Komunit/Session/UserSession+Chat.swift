import ExampleSupport
import Hearth

/// One entry of "my groups" (RF9): the group and how many of its messages the user has not read.
public struct GroupSummary: Sendable, Equatable {
    /// The group.
    public let group: Grupo
    /// Messages whose `readBy` lacks the user.
    public let unreadCount: Int
}

extension UserSession {
    /// CU07: sends `text` to the group's chat, in one batch with the group's `lastMessageAt`;
    /// both stamped with the commit time. Returns the message id.
    /// - Throws: `emptyMessage`; `groupNotFound`; `notMember`.
    @discardableResult
    public func sendMessage(_ text: String, to groupId: String) async throws(KomunitError) -> String {
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyMessage }
        let group = try groupReference(groupId)
        _ = try await self.group(groupId)
        guard try await isMember(of: groupId) else { throw .notMember }
        let message = db.collection(Collections.messages(of: groupId)).document()
        let batch = db.batch()
        batch.setData(from: Mensaje(senderId: uid, content: text), forDocument: message)
        batch.updateData(["lastMessageAt": FieldValue.serverTimestamp()], forDocument: group)
        try await KomunitError.mapping {
            try await batch.commit()
        }
        return message.documentID
    }

    /// CU07/RF10: the group's chat, oldest message first, live: the whole conversation now and
    /// after every change (a new message, a read receipt). Members only: for anyone else the
    /// rules refuse and the stream ends with `notAllowed`.
    public func chat(_ groupId: String) -> AsyncThrowingStream<[Mensaje], any Error> {
        do {
            _ = try groupReference(groupId)
            return db.collection(Collections.messages(of: groupId)).order(by: "sentAt")
                .liveValues(as: Mensaje.self, failing: KomunitError.self)
        } catch {
            return .failed(error)
        }
    }

    /// Read receipts: adds the user to `readBy` (`arrayUnion`) of every message of the group they
    /// have not read yet. Returns how many messages changed.
    /// - Throws: `notMember` (the rules refuse the read).
    @discardableResult
    public func markRead(in groupId: String) async throws(KomunitError) -> Int {
        do {
            let messages = try await db.collection(Collections.messages(of: groupId)).getDocuments()
            let unread = messages.documents.filter { !(($0.get("readBy") as? [String])?.contains(uid) ?? false) }
            var start = 0
            while start < unread.count {
                let batch = db.batch()
                for message in unread[start..<min(unread.count, start + Backend.batchSize)] {
                    batch.updateData(["readBy": FieldValue.arrayUnion([uid])], forDocument: message.reference)
                }
                try await batch.commit()
                start += Backend.batchSize
            }
            return unread.count
        } catch {
            throw error.code == .permissionDenied ? .notMember : KomunitError.mapped(error)
        }
    }

    /// How many messages of the group the user has not read: `count()` of all messages minus
    /// `count()` of those whose `readBy` contains the user (Firestore has no "array does not
    /// contain", so the complement is counted; see the README).
    /// - Throws: `notMember` (the rules refuse the counts).
    public func unreadCount(in groupId: String) async throws(KomunitError) -> Int {
        do {
            let messages = db.collection(Collections.messages(of: groupId))
            let all = try await messages.documentCount()
            let read = try await messages.whereField("readBy", arrayContains: uid).documentCount()
            return all - read
        } catch let error as FirestoreError where error.code == .permissionDenied {
            throw .notMember
        } catch {
            throw KomunitError.mapped(error)
        }
    }

    /// RF9: the user's groups, the one with the newest message first, each with its unread count.
    public func myGroups() async throws(KomunitError) -> [GroupSummary] {
        let ids = try await profile().groupIds
        guard !ids.isEmpty else { return [] }
        let groups: [Grupo] = try await KomunitError.mapping {
            try await db.collection(Collections.groups)
                .whereField(FieldPath.documentID(), .in, ids)
                .order(by: "lastMessageAt", descending: true)
                .getDocuments().decoded(as: Grupo.self)
        }
        var summaries: [GroupSummary] = []
        for group in groups {
            summaries.append(GroupSummary(group: group, unreadCount: try await unreadCount(in: group.id ?? "")))
        }
        return summaries
    }
}
