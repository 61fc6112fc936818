/// The security rules Medspace ships, as source text.
///
/// `firestore.rules` (beside `README.md`) is the file a deployer uses; a test asserts that it equals
/// this text byte for byte, so the rules the code loads and the file on disk cannot drift apart.
public enum MedspaceRules {
    /// The rules source (`rules_version = '2'`).
    public static let source = #"""
        rules_version = '2';

        // Medspace's security rules (see README.md, "Access rules"). Collection and field names are the
        // thesis's. Anything not matched below is denied: the local account store, other users'
        // keywords and notifications, and every client write to notifications (the notifier writes them
        // with admin access, as a Cloud Function would).
        service cloud.firestore {
          match /databases/{database}/documents {

            function signedIn() {
              return request.auth != null;
            }

            function isUser(uid) {
              return signedIn() && request.auth.uid == uid;
            }

            // A string with something besides spaces, at most `maximum` characters long.
            function text(value, maximum) {
              return value is string && value.trim().size() > 0 && value.size() <= maximum;
            }

            function hasExactly(data, fields) {
              return data.keys().hasAll(fields) && data.keys().hasOnly(fields);
            }

            // The caller's type ('Doctor' or 'Admin'), read from their own profile.
            function callerType() {
              return get(/databases/$(database)/documents/Users/$(request.auth.uid)).data.type;
            }

            function specialities() {
              return ['Allergy & Inmunology', 'Anesthesiology', 'Dermatology', 'Diagnostic Radiology',
                      'Emergency Medicine', 'Family Medicine', 'Internal Medicine', 'Medical Genetics',
                      'Neurology', 'Nuclear Medicine', 'Opthalmology', 'Pathology', 'Pediatrics',
                      'Preventive Medicine', 'Radiation Oncology', 'Psychiatry', 'Surgery', 'Urology'];
            }

            function postKinds() {
              return ['News', 'Cases', 'Discussions', 'Researches'];
            }

            // Users: the profile; the user name is claimed in Usernames in the same write.
            function validUser(data) {
              return hasExactly(data, ['username', 'usernameKey', 'fullname', 'type', 'email', 'notifications'])
                && data.username is string && data.username.matches('[A-Za-z0-9._-]{3,30}')
                && data.usernameKey == data.username.lower()
                && text(data.fullname, 100)
                && data.type in ['Doctor', 'Admin']
                && data.email is string
                && data.notifications is bool
                && getAfter(/databases/$(database)/documents/Usernames/$(data.usernameKey)).data.uid == request.auth.uid;
            }

            match /Users/{uid} {
              allow read: if signedIn();
              allow create: if isUser(uid)
                && validUser(request.resource.data)
                && request.resource.data.type == 'Doctor'
                && request.resource.data.email == request.auth.token.email;
              allow update: if isUser(uid)
                && validUser(request.resource.data)
                && request.resource.data.type == resource.data.type
                && request.resource.data.email == resource.data.email;
              allow delete: if isUser(uid) && resource.data.type == 'Doctor';
            }

            // Usernames/{usernameKey}: { uid }. Created with the profile that names it, never
            // overwritten (so names stay unique), released when the profile stops naming it.
            match /Usernames/{key} {
              allow read: if signedIn();
              allow create: if signedIn()
                && hasExactly(request.resource.data, ['uid'])
                && request.resource.data.uid == request.auth.uid
                && getAfter(/databases/$(database)/documents/Users/$(request.auth.uid)).data.usernameKey == key;
              allow delete: if signedIn()
                && resource.data.uid == request.auth.uid
                && (!existsAfter(/databases/$(database)/documents/Users/$(request.auth.uid))
                    || getAfter(/databases/$(database)/documents/Users/$(request.auth.uid)).data.usernameKey != key);
            }

            // Posts: the common fields plus the kind's own; `user` is the author, `date` the server time.
            function validPost(data, extra) {
              return hasExactly(data, ['title', 'description', 'speciality', 'user', 'date', 'titleWords'].concat(extra))
                && text(data.title, 200)
                && text(data.description, 5000)
                && data.speciality in specialities()
                && data.titleWords is list && data.titleWords.size() <= 100
                && data.date is timestamp;
            }

            function validCase(data) {
              return validPost(data, ['history', 'examination']) && text(data.history, 5000) && text(data.examination, 5000);
            }

            function validNews(data) {
              return validPost(data, ['image']) && text(data.image, 500);
            }

            function validResearch(data) {
              return validPost(data, ['pdf']) && text(data.pdf, 500);
            }

            // A new post by the caller, stamped with the commit time, by a user of `type`.
            function newPostBy(type) {
              return signedIn()
                && request.resource.data.user == request.auth.uid
                && request.resource.data.date == request.time
                && callerType() == type;
            }

            // An edit by the author that keeps the author and the date.
            function editByAuthor() {
              return signedIn()
                && resource.data.user == request.auth.uid
                && request.resource.data.user == resource.data.user
                && request.resource.data.date == resource.data.date;
            }

            function isAuthor() {
              return signedIn() && resource.data.user == request.auth.uid;
            }

            match /News/{postId} {
              allow read: if signedIn();
              allow create: if newPostBy('Admin') && validNews(request.resource.data);
              allow update: if editByAuthor() && validNews(request.resource.data);
              allow delete: if isAuthor();
            }

            match /Cases/{postId} {
              allow read: if signedIn();
              allow create: if newPostBy('Doctor') && validCase(request.resource.data);
              allow update: if editByAuthor() && validCase(request.resource.data);
              allow delete: if isAuthor();
            }

            match /Discussions/{postId} {
              allow read: if signedIn();
              allow create: if newPostBy('Doctor') && validPost(request.resource.data, []);
              allow update: if editByAuthor() && validPost(request.resource.data, []);
              allow delete: if isAuthor();
            }

            match /Researches/{postId} {
              allow read: if signedIn();
              allow create: if newPostBy('Doctor') && validResearch(request.resource.data);
              allow update: if editByAuthor() && validResearch(request.resource.data);
              allow delete: if isAuthor();
            }

            // Comments on a post of any kind: the author edits the message only; the comment's author or
            // the post's author deletes (deleting a post deletes its comments).
            match /{kind}/{postId}/Comments/{commentId} {
              allow read: if signedIn() && kind in postKinds();
              allow create: if signedIn()
                && kind in postKinds()
                && exists(/databases/$(database)/documents/$(kind)/$(postId))
                && hasExactly(request.resource.data, ['message', 'user', 'date'])
                && request.resource.data.user == request.auth.uid
                && text(request.resource.data.message, 200)
                && request.resource.data.date == request.time;
              allow update: if signedIn()
                && kind in postKinds()
                && resource.data.user == request.auth.uid
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['message'])
                && text(request.resource.data.message, 200);
              allow delete: if signedIn()
                && kind in postKinds()
                && (resource.data.user == request.auth.uid
                    || get(/databases/$(database)/documents/$(kind)/$(postId)).data.user == request.auth.uid);
            }

            // Every comment, for the collection-group query that finds a leaving user's comments.
            match /{path=**}/Comments/{commentId} {
              allow read: if signedIn();
            }

            // Keywords/{uid}/items/{normalized}: private; never updated, so a duplicate cannot overwrite.
            match /Keywords/{uid}/items/{keywordId} {
              allow read, delete: if isUser(uid);
              allow create: if isUser(uid)
                && hasExactly(request.resource.data, ['keyword', 'normalized', 'firstWord'])
                && text(request.resource.data.keyword, 100)
                && request.resource.data.normalized == keywordId
                && text(request.resource.data.firstWord, 100);
            }

            // Notifications/{uid}/items/{id}: the owner reads and dismisses; only the notifier writes.
            match /Notifications/{uid}/items/{notificationId} {
              allow read, delete: if isUser(uid);
            }
          }
        }

        """#
}
