/// Komunit's security rules: the text of `firestore.rules`. A test checks that it equals
/// this text byte for byte, so the rules the code loads and the file on disk cannot drift apart.
public enum KomunitRules {
    /// The rules source (`rules_version = '2'`).
    public static let source = #"""
        rules_version = '2';

        // Komunit's security rules (see README.md, "Access rules"). They hold the domain's limits even
        // for a client that skips the app's code: a group never exceeds memberLimit, memberCount moves
        // only with a membership, a user is in at most 4 groups and owns at most 2. Until its e-mail is
        // confirmed (RNF0) an account reaches only its own users document. Anything not matched below is
        // denied, which also keeps the local account store and the reports out of every client's reach.
        service cloud.firestore {
          match /databases/{database}/documents {

            function signedIn() {
              return request.auth != null;
            }

            // RNF0: an account whose e-mail address is confirmed; everything but its own users document
            // waits for it.
            function verified() {
              return signedIn() && request.auth.token.email_verified == true;
            }

            function isUser(uid) {
              return signedIn() && request.auth.uid == uid;
            }

            function userPath(uid) {
              return /databases/$(database)/documents/users/$(uid);
            }

            function groupPath(groupId) {
              return /databases/$(database)/documents/groups/$(groupId);
            }

            function membershipPath(groupId, uid) {
              return /databases/$(database)/documents/memberships/$(groupId + '_' + uid);
            }

            function isMember(groupId) {
              return verified() && exists(membershipPath(groupId, request.auth.uid));
            }

            function isOwner(groupId) {
              return verified() && get(groupPath(groupId)).data.ownerId == request.auth.uid;
            }

            function nonEmptyString(value) {
              return value is string && value.size() > 0;
            }

            function changedOnly(keys) {
              return request.resource.data.diff(resource.data).affectedKeys().hasOnly(keys);
            }

            // users/{uid}: groupIds (at most 4) and ownedGroupIds (at most 2) change only together with
            // the membership or group they name, in the same commit. photoPath is optional (A.6).
            function validUser(data) {
              return data.keys().hasAll(['name', 'username', 'email', 'joinedAt', 'preferredLocation', 'groupIds',
                                         'ownedGroupIds'])
                && data.keys().hasOnly(['name', 'username', 'email', 'joinedAt', 'preferredLocation', 'groupIds',
                                        'ownedGroupIds', 'photoPath'])
                && nonEmptyString(data.name)
                && nonEmptyString(data.username)
                && data.preferredLocation is latlng
                && (!('photoPath' in data) || (nonEmptyString(data.photoPath) && data.photoPath.size() <= 1024))
                && data.groupIds is list && data.groupIds.size() <= 4
                && data.ownedGroupIds is list && data.ownedGroupIds.size() <= 2;
            }

            // A group id new in `after` at position i joins with this commit's membership.
            function joinedHere(before, after, i, uid) {
              return after.size() <= i || after[i] in before
                || (!exists(membershipPath(after[i], uid)) && existsAfter(membershipPath(after[i], uid)));
            }

            // A group id gone from `before` at position i leaves with this commit's membership deletion.
            function leftHere(before, after, i, uid) {
              return before.size() <= i || before[i] in after || !existsAfter(membershipPath(before[i], uid));
            }

            // An owned group id new in `after` is a group this commit creates, owned by the user.
            function foundedHere(before, after, i, uid) {
              return after.size() <= i || after[i] in before
                || (!exists(groupPath(after[i])) && getAfter(groupPath(after[i])).data.ownerId == uid);
            }

            // An owned group id gone from `before` is a group this commit deletes.
            function dissolvedHere(before, after, i) {
              return before.size() <= i || before[i] in after || !existsAfter(groupPath(before[i]));
            }

            // Any confirmed user reads a user document (a group's members are shown before joining); an
            // unconfirmed account only its own.
            match /users/{uid} {
              allow get: if isUser(uid) || verified();
              allow create: if isUser(uid)
                && validUser(request.resource.data)
                && request.resource.data.email == request.auth.token.email
                && request.resource.data.joinedAt == request.time
                && request.resource.data.groupIds.size() == 0
                && request.resource.data.ownedGroupIds.size() == 0;
              allow update: if isUser(uid)
                && validUser(request.resource.data)
                && request.resource.data.email == resource.data.email
                && request.resource.data.joinedAt == resource.data.joinedAt
                && joinedHere(resource.data.groupIds, request.resource.data.groupIds, 0, uid)
                && joinedHere(resource.data.groupIds, request.resource.data.groupIds, 1, uid)
                && joinedHere(resource.data.groupIds, request.resource.data.groupIds, 2, uid)
                && joinedHere(resource.data.groupIds, request.resource.data.groupIds, 3, uid)
                && leftHere(resource.data.groupIds, request.resource.data.groupIds, 0, uid)
                && leftHere(resource.data.groupIds, request.resource.data.groupIds, 1, uid)
                && leftHere(resource.data.groupIds, request.resource.data.groupIds, 2, uid)
                && leftHere(resource.data.groupIds, request.resource.data.groupIds, 3, uid)
                && foundedHere(resource.data.ownedGroupIds, request.resource.data.ownedGroupIds, 0, uid)
                && foundedHere(resource.data.ownedGroupIds, request.resource.data.ownedGroupIds, 1, uid)
                && dissolvedHere(resource.data.ownedGroupIds, request.resource.data.ownedGroupIds, 0)
                && dissolvedHere(resource.data.ownedGroupIds, request.resource.data.ownedGroupIds, 1);
              allow delete: if isUser(uid) && resource.data.groupIds.size() == 0;
            }

            function validGroup(data) {
              return data.keys().hasAll(['title', 'description', 'type', 'memberLimit', 'location', 'placeName', 'geohash',
                                         'ownerId', 'memberCount', 'lastMessageAt'])
                && data.keys().hasOnly(['title', 'description', 'type', 'memberLimit', 'location', 'placeName', 'geohash',
                                        'ownerId', 'memberCount', 'lastMessageAt'])
                && nonEmptyString(data.title)
                && data.description is string
                && nonEmptyString(data.type)
                && data.memberLimit is int && data.memberLimit > 0 && data.memberLimit <= 1000
                && data.location is latlng
                && nonEmptyString(data.placeName)
                && data.geohash is string && data.geohash.size() == 9
                && data.memberCount is int && data.memberCount >= 0 && data.memberCount <= data.memberLimit
                && data.lastMessageAt is timestamp;
            }

            // groups/{groupId}: anyone signed in (and confirmed) explores them; memberCount moves by one
            // with the caller's own membership, and only while there is room.
            match /groups/{groupId} {
              allow read: if verified();
              allow create: if verified()
                && validGroup(request.resource.data)
                && request.resource.data.ownerId == request.auth.uid
                && request.resource.data.memberCount == 1
                && request.resource.data.lastMessageAt == request.time
                && existsAfter(membershipPath(groupId, request.auth.uid))
                && getAfter(userPath(request.auth.uid)).data.ownedGroupIds.hasAny([groupId]);
              allow update: if verified() && validGroup(request.resource.data) && (
                  // The owner edits the description of the group.
                  (isOwner(groupId)
                    && changedOnly(['title', 'description', 'type', 'memberLimit', 'location', 'placeName', 'geohash']))
                  // A user joins: one more member, with room, with their own new membership.
                  || (changedOnly(['memberCount'])
                    && request.resource.data.memberCount == resource.data.memberCount + 1
                    && resource.data.memberCount < resource.data.memberLimit
                    && !exists(membershipPath(groupId, request.auth.uid))
                    && existsAfter(membershipPath(groupId, request.auth.uid)))
                  // A member leaves: one member fewer, with their own membership deleted.
                  || (changedOnly(['memberCount'])
                    && request.resource.data.memberCount == resource.data.memberCount - 1
                    && exists(membershipPath(groupId, request.auth.uid))
                    && !existsAfter(membershipPath(groupId, request.auth.uid)))
                  // A member sends a message.
                  || (changedOnly(['lastMessageAt'])
                    && request.resource.data.lastMessageAt == request.time
                    && isMember(groupId)));
              // Only as its last member leaves.
              allow delete: if verified()
                && resource.data.memberCount == 1
                && exists(membershipPath(groupId, request.auth.uid))
                && !existsAfter(membershipPath(groupId, request.auth.uid));

              function validMessage(data) {
                return data.keys().hasAll(['senderId', 'content', 'sentAt', 'readBy'])
                  && data.keys().hasOnly(['senderId', 'content', 'sentAt', 'readBy'])
                  && nonEmptyString(data.content)
                  && data.readBy is list;
              }

              // Messages: members only. Sending also stamps the group's lastMessageAt; reading adds
              // exactly the reader to readBy.
              match /messages/{messageId} {
                allow read: if isMember(groupId);
                allow create: if isMember(groupId)
                  && validMessage(request.resource.data)
                  && request.resource.data.senderId == request.auth.uid
                  && request.resource.data.sentAt == request.time
                  && request.resource.data.readBy == [request.auth.uid]
                  && getAfter(groupPath(groupId)).data.lastMessageAt == request.time;
                allow update: if isMember(groupId)
                  && changedOnly(['readBy'])
                  && request.resource.data.readBy is list
                  && request.resource.data.readBy.hasAll(resource.data.readBy)
                  && request.resource.data.readBy.hasOnly(resource.data.readBy.concat([request.auth.uid]));
              }

              function validEvent(data) {
                return data.keys().hasAll(['title', 'description', 'placeName', 'createdAt', 'date', 'isFlexible'])
                  && data.keys().hasOnly(['title', 'description', 'placeName', 'createdAt', 'date', 'isFlexible'])
                  && nonEmptyString(data.title)
                  && data.description is string
                  && nonEmptyString(data.placeName)
                  && data.date is timestamp
                  && data.isFlexible is bool;
              }

              // Events: members read them, only the owner creates or edits them.
              match /events/{eventId} {
                allow read: if isMember(groupId);
                allow create: if isOwner(groupId)
                  && validEvent(request.resource.data)
                  && request.resource.data.createdAt == request.time;
                allow update: if isOwner(groupId)
                  && validEvent(request.resource.data)
                  && request.resource.data.createdAt == resource.data.createdAt
                  && request.resource.data.isFlexible == resource.data.isFlexible;

                // A window only on a flexible event, both ends given, start before end.
                function validAttendance(data, uid) {
                  return data.userId == uid
                    && (get(/databases/$(database)/documents/groups/$(groupId)/events/$(eventId)).data.isFlexible
                      ? data.keys().hasOnly(['userId', 'preferredStart', 'preferredEnd'])
                        && (data.keys().hasAll(['preferredStart', 'preferredEnd'])
                          ? data.preferredStart is timestamp && data.preferredEnd is timestamp
                            && data.preferredStart < data.preferredEnd
                          : data.keys().hasOnly(['userId']))
                      : data.keys().hasOnly(['userId']));
                }

                // Attendances: members read them; each member joins or leaves for themself.
                match /attendances/{uid} {
                  allow read: if isMember(groupId);
                  allow create, update: if isUser(uid)
                    && isMember(groupId)
                    && exists(/databases/$(database)/documents/groups/$(groupId)/events/$(eventId))
                    && validAttendance(request.resource.data, uid);
                  allow delete: if verified() && isUser(uid);
                }
              }
            }

            // memberships/{groupId}_{uid}: created and deleted only by the user themself, together with
            // the group's memberCount and the user's groupIds in the same commit.
            function joinsWithRoom(groupId) {
              return exists(groupPath(groupId))
                && get(groupPath(groupId)).data.memberCount < get(groupPath(groupId)).data.memberLimit
                && getAfter(groupPath(groupId)).data.memberCount == get(groupPath(groupId)).data.memberCount + 1;
            }

            function foundsGroup(groupId) {
              return !exists(groupPath(groupId))
                && getAfter(groupPath(groupId)).data.ownerId == request.auth.uid
                && getAfter(groupPath(groupId)).data.memberCount == 1;
            }

            // Any confirmed user reads memberships: a group's detail lists its members before joining.
            match /memberships/{membershipId} {
              allow read: if verified();
              allow create: if verified()
                && request.resource.data.keys().hasAll(['userId', 'groupId', 'joinedAt'])
                && request.resource.data.keys().hasOnly(['userId', 'groupId', 'joinedAt'])
                && request.resource.data.userId == request.auth.uid
                && request.resource.data.groupId is string
                && membershipId == request.resource.data.groupId + '_' + request.auth.uid
                && request.resource.data.joinedAt == request.time
                && !get(userPath(request.auth.uid)).data.groupIds.hasAny([request.resource.data.groupId])
                && getAfter(userPath(request.auth.uid)).data.groupIds.hasAny([request.resource.data.groupId])
                && (joinsWithRoom(request.resource.data.groupId) || foundsGroup(request.resource.data.groupId));
              allow delete: if verified()
                && resource.data.userId == request.auth.uid
                && !getAfter(userPath(request.auth.uid)).data.groupIds.hasAny([resource.data.groupId])
                && (!existsAfter(groupPath(resource.data.groupId))
                  || getAfter(groupPath(resource.data.groupId)).data.memberCount
                    == get(groupPath(resource.data.groupId)).data.memberCount - 1);
            }

            // reports/{reportId}: a confirmed user files one as themself about a group, or about a message
            // or event of a group they belong to (what they can see); the document must exist. No client
            // reads, changes or deletes a report: the reviewers work outside the app.
            function reportable(target) {
              return target is string
                && target.matches('groups/[^/]+(/(messages|events)/[^/]+)?')
                && exists(path('/databases/' + database + '/documents/' + target))
                && (target.split('/').size() == 2 || isMember(target.split('/')[1]));
            }

            match /reports/{reportId} {
              allow create: if verified()
                && request.resource.data.keys().hasAll(['reporterId', 'target', 'reason', 'createdAt'])
                && request.resource.data.keys().hasOnly(['reporterId', 'target', 'reason', 'createdAt'])
                && request.resource.data.reporterId == request.auth.uid
                && reportable(request.resource.data.target)
                && nonEmptyString(request.resource.data.reason) && request.resource.data.reason.size() <= 1000
                && request.resource.data.createdAt == request.time;
            }
          }
        }

        """#
}
