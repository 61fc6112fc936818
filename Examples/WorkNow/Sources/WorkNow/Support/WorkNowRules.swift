/// The security rules WorkNow ships, as source text.
///
/// `firestore.rules` (beside `README.md`) is the file a deployer uses; a test asserts that it equals
/// this text byte for byte, so the rules the code loads and the file on disk cannot drift apart.
public enum WorkNowRules {
    /// The rules source (`rules_version = '2'`).
    public static let source = #"""
        rules_version = '2';

        // WorkNow's security rules (see README.md, "Access rules"). Field names are the thesis's.
        // Anything not matched below is denied, which also keeps the local account store out of reach.
        service cloud.firestore {
          match /databases/{database}/documents {

            function signedIn() {
              return request.auth != null;
            }

            function isUser(uid) {
              return signedIn() && request.auth.uid == uid;
            }

            function nonEmptyString(value) {
              return value is string && value.trim().size() > 0;
            }

            function trades() {
              return ['Informática', 'Mecánica', 'Mecanica bicicletas', 'Electricista', 'Cerrajería',
                      'Fontanería', 'Construcción', 'Limpieza'];
            }

            function doc(collection, id) {
              return /databases/$(database)/documents/$(collection)/$(id);
            }

            // ---- users/{uid} ---------------------------------------------------------------------------

            function validProfile(data) {
              return data.keys().hasAll(['nombre', 'apellidos', 'email', 'latitude', 'longitude', 'location',
                                         'oficios', 'trades', 'radiusKm', 'ratingSum', 'ratingCount'])
                && data.keys().hasOnly(['nombre', 'apellidos', 'email', 'latitude', 'longitude', 'location',
                                        'oficios', 'trades', 'radiusKm', 'ratingSum', 'ratingCount', 'lastRatingId'])
                && nonEmptyString(data.nombre)
                && nonEmptyString(data.apellidos)
                && nonEmptyString(data.email)
                && data.latitude is string
                && data.longitude is string
                && data.location is latlng
                && data.oficios is list && data.oficios.size() == 8
                && data.trades is list && data.trades.hasOnly(trades())
                && data.radiusKm is number && data.radiusKm >= 1 && data.radiusKm <= 100
                && data.ratingSum is number
                && data.ratingCount is int;
            }

            // The fields a user's own update may not touch: the identity, and the rating counters.
            function keepsFixedFields() {
              return !request.resource.data.diff(resource.data).affectedKeys()
                .hasAny(['nombre', 'apellidos', 'email', 'ratingSum', 'ratingCount', 'lastRatingId']);
            }

            // Someone else's update of a profile: only the counters, by exactly one new rating of this
            // user by the caller, written in the same transaction.
            function ratingApplied(uid) {
              return signedIn() && request.auth.uid != uid
                && request.resource.data.diff(resource.data).affectedKeys()
                     .hasOnly(['ratingSum', 'ratingCount', 'lastRatingId'])
                && request.resource.data.lastRatingId is string
                && newRatingOf(uid, request.resource.data.lastRatingId);
            }

            function newRatingOf(uid, ratingId) {
              return !exists(doc('ratings', ratingId))
                && getAfter(doc('ratings', ratingId)).data.ratee == uid
                && getAfter(doc('ratings', ratingId)).data.rater == request.auth.uid
                && request.resource.data.ratingCount == resource.data.ratingCount + 1
                && request.resource.data.ratingSum == resource.data.ratingSum + getAfter(doc('ratings', ratingId)).data.stars;
            }

            match /users/{uid} {
              allow read: if signedIn();
              allow create: if isUser(uid)
                && validProfile(request.resource.data)
                && request.resource.data.email == request.auth.token.email
                && request.resource.data.ratingSum == 0
                && request.resource.data.ratingCount == 0
                && !('lastRatingId' in request.resource.data);
              allow update: if (isUser(uid) && validProfile(request.resource.data) && keepsFixedFields())
                || ratingApplied(uid);
              allow delete: if false;
              // Request alerts: written by the fan-out trigger (admin) only; each worker reads their own.
              match /alerts/{requestId} {
                allow read: if isUser(uid);
                allow write: if false;
              }
            }

            // ---- requests/{requestId} ------------------------------------------------------------------

            function validNewRequest(data) {
              return data.keys().hasAll(['client', 'categoria', 'descripcion', 'precio_max', 'location', 'createdAt',
                                         'status', 'acceptedOffer'])
                && data.keys().hasOnly(['client', 'categoria', 'descripcion', 'precio_max', 'location', 'createdAt',
                                        'status', 'acceptedOffer'])
                && data.client == request.auth.uid
                && data.categoria in trades()
                && nonEmptyString(data.descripcion)
                && (data.precio_max == null || (data.precio_max is number && data.precio_max > 0))
                && data.location is latlng
                && data.createdAt == request.time
                && data.status == 'open'
                && data.acceptedOffer == null;
            }

            // open → accepted → done; open or accepted → cancelled. Nothing leaves done or cancelled.
            function legalTransition(requestId, before, after) {
              return (before.status == 'open' && after.status == 'accepted' && after.acceptedOffer is string
                      && exists(/databases/$(database)/documents/requests/$(requestId)/offers/$(after.acceptedOffer)))
                || (before.status == 'open' && after.status == 'cancelled' && after.acceptedOffer == null)
                || (before.status == 'accepted' && after.status == 'done' && after.acceptedOffer == before.acceptedOffer)
                || (before.status == 'accepted' && after.status == 'cancelled' && after.acceptedOffer == before.acceptedOffer);
            }

            function isParty(data) {
              return data.client == request.auth.uid || data.acceptedOffer == request.auth.uid;
            }

            match /requests/{requestId} {
              allow get: if signedIn() && (resource == null || resource.data.status == 'open' || isParty(resource.data));
              allow list: if signedIn() && (resource.data.status == 'open' || isParty(resource.data));
              allow create: if signedIn() && validNewRequest(request.resource.data);
              allow update: if signedIn()
                && resource.data.client == request.auth.uid
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['status', 'acceptedOffer'])
                && legalTransition(requestId, resource.data, request.resource.data);
              allow delete: if false;
            }

            // ---- requests/{requestId}/offers/{workerId} ------------------------------------------------

            // The request is open, not the worker's own, allows the price, and is of a trade the worker
            // is subscribed to.
            function offerFits(requestId, workerId, price) {
              return get(doc('requests', requestId)).data.status == 'open'
                && get(doc('requests', requestId)).data.client != workerId
                && (get(doc('requests', requestId)).data.precio_max == null
                    || price <= get(doc('requests', requestId)).data.precio_max)
                && get(doc('requests', requestId)).data.categoria in get(doc('users', workerId)).data.trades;
            }

            match /requests/{requestId}/offers/{workerId} {
              allow read: if signedIn()
                && (request.auth.uid == workerId || get(doc('requests', requestId)).data.client == request.auth.uid);
              allow create: if isUser(workerId)
                && request.resource.data.keys().hasAll(['worker', 'price', 'duration', 'message', 'createdAt'])
                && request.resource.data.keys().hasOnly(['worker', 'price', 'duration', 'message', 'createdAt'])
                && request.resource.data.worker == workerId
                && request.resource.data.price is number && request.resource.data.price > 0
                && nonEmptyString(request.resource.data.duration)
                && request.resource.data.message is string
                && request.resource.data.createdAt == request.time
                && offerFits(requestId, workerId, request.resource.data.price);
              allow update, delete: if false;
            }

            // ---- ratings/{ratingId} --------------------------------------------------------------------

            // The request's job is done and rater and ratee are its two parties.
            function doneJobBetween(requestId, rater, ratee) {
              return get(doc('requests', requestId)).data.status == 'done'
                && ((get(doc('requests', requestId)).data.client == rater
                     && get(doc('requests', requestId)).data.acceptedOffer == ratee)
                  || (get(doc('requests', requestId)).data.acceptedOffer == rater
                     && get(doc('requests', requestId)).data.client == ratee));
            }

            match /ratings/{ratingId} {
              allow read: if signedIn();
              allow create: if signedIn()
                && request.resource.data.keys().hasAll(['requestId', 'rater', 'ratee', 'stars', 'comment'])
                && request.resource.data.keys().hasOnly(['requestId', 'rater', 'ratee', 'stars', 'comment'])
                && request.resource.data.rater == request.auth.uid
                && request.resource.data.requestId is string
                && ratingId == request.resource.data.requestId + '_' + request.auth.uid
                && request.resource.data.stars is number
                && request.resource.data.stars >= 1 && request.resource.data.stars <= 5
                && request.resource.data.comment is string
                && doneJobBetween(request.resource.data.requestId, request.auth.uid, request.resource.data.ratee)
                && getAfter(doc('users', request.resource.data.ratee)).data.lastRatingId == ratingId
                && getAfter(doc('users', request.resource.data.ratee)).data.ratingCount
                     == get(doc('users', request.resource.data.ratee)).data.ratingCount + 1;
              allow update, delete: if false;
            }

            // ---- chats/{chatId} and chats/{chatId}/messages/{messageId} --------------------------------

            // The original's chat id part of one user: 5 uid characters and the initials.
            function chatKey(uid) {
              return uid[0:5] + get(doc('users', uid)).data.nombre[0:1] + get(doc('users', uid)).data.apellidos[0:1];
            }

            // The two users are the client and the accepted worker of the request.
            function jobPair(requestId, a, b) {
              return get(doc('requests', requestId)).data.status in ['accepted', 'done']
                && [get(doc('requests', requestId)).data.client,
                    get(doc('requests', requestId)).data.acceptedOffer].hasAll([a, b]);
            }

            function participantOf(chatId) {
              return signedIn() && request.auth.uid in get(doc('chats', chatId)).data.participants;
            }

            match /chats/{chatId} {
              allow get: if signedIn() && (resource == null || request.auth.uid in resource.data.participants);
              allow list: if signedIn() && request.auth.uid in resource.data.participants;
              allow create: if signedIn()
                && request.resource.data.keys().hasAll(['participants', 'requestId'])
                && request.resource.data.keys().hasOnly(['participants', 'requestId'])
                && request.resource.data.participants is list
                && request.resource.data.participants.size() == 2
                && request.auth.uid in request.resource.data.participants
                && request.resource.data.participants[0] < request.resource.data.participants[1]
                && chatId == chatKey(request.resource.data.participants[0]) + chatKey(request.resource.data.participants[1])
                && jobPair(request.resource.data.requestId, request.resource.data.participants[0],
                           request.resource.data.participants[1]);
              allow update, delete: if false;
            }

            match /chats/{chatId}/messages/{messageId} {
              allow read: if participantOf(chatId);
              allow create: if participantOf(chatId)
                && request.resource.data.keys().hasAll(['senderId', 'senderName', 'text', 'sentAt'])
                && request.resource.data.keys().hasOnly(['senderId', 'senderName', 'text', 'sentAt'])
                && request.resource.data.senderId == request.auth.uid
                && request.resource.data.senderName is string
                && nonEmptyString(request.resource.data.text)
                && request.resource.data.sentAt == request.time;
              allow update, delete: if false;
            }
          }
        }

        """#
}
