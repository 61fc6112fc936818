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
                                        'oficios', 'trades', 'radiusKm', 'ratingSum', 'ratingCount', 'lastRatingId',
                                        'telefono'])
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
                && data.ratingCount is int
                && (!('telefono' in data) || (data.telefono is string && data.telefono.matches('[+]?[0-9]{6,15}')));
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
              return data.keys().hasAll(['client', 'categoria', 'descripcion', 'precio_max', 'location', 'radiusKm',
                                         'worker', 'createdAt', 'status', 'acceptedOffer', 'finishedBy', 'paidAt'])
                && data.keys().hasOnly(['client', 'categoria', 'descripcion', 'precio_max', 'location', 'radiusKm',
                                        'worker', 'createdAt', 'status', 'acceptedOffer', 'finishedBy', 'paidAt'])
                && data.client == request.auth.uid
                && data.categoria in trades()
                && nonEmptyString(data.descripcion)
                && (data.precio_max == null || (data.precio_max is number && data.precio_max > 0))
                && data.location is latlng
                && data.radiusKm is number && data.radiusKm >= 1 && data.radiusKm <= 100
                && (data.worker == null || hireable(data.worker, data.categoria))
                && data.createdAt == request.time
                && data.status == 'open'
                && data.acceptedOffer == null
                && data.finishedBy == []
                && data.paidAt == null;
            }

            // A direct hire (CU008) names another user who works in the request's trade.
            function hireable(worker, categoria) {
              return worker is string && worker != request.auth.uid
                && categoria in get(doc('users', worker)).data.trades;
            }

            // Who sees a request: its client, its hired professional and its accepted worker; anyone
            // signed in while it is open, unless it is a direct hire.
            function canSee(data) {
              return data.client == request.auth.uid
                || data.worker == request.auth.uid
                || data.acceptedOffer == request.auth.uid
                || (data.status == 'open' && data.worker == null);
            }

            function isClient(data) {
              return data.client == request.auth.uid;
            }

            function isAcceptedWorker(data) {
              return data.acceptedOffer == request.auth.uid;
            }

            // The status machine: open → accepted (client) → done (both in finishedBy) → paid (client);
            // open → cancelled (client); accepted → cancelled (either party). Nothing leaves done or
            // cancelled except the payment of a done job.
            function legalChange(requestId, before, after) {
              let changed = after.diff(before).affectedKeys();
              return changed.hasOnly(['status', 'acceptedOffer', 'finishedBy', 'paidAt'])
                && ((isClient(before) && accepting(requestId, before, after, changed))
                  || (isClient(before) && before.status == 'open' && cancelling(after, changed))
                  || ((isClient(before) || isAcceptedWorker(before)) && before.status == 'accepted'
                      && cancelling(after, changed))
                  || ((isClient(before) || isAcceptedWorker(before)) && finishing(before, after, changed))
                  || (isClient(before) && paying(before, after, changed)));
            }

            // open → accepted: the client picks an existing offer they did not reject (on a direct hire,
            // the hired professional's).
            function accepting(requestId, before, after, changed) {
              return before.status == 'open' && after.status == 'accepted'
                && changed.hasOnly(['status', 'acceptedOffer'])
                && after.acceptedOffer is string
                && (before.worker == null || after.acceptedOffer == before.worker)
                && get(/databases/$(database)/documents/requests/$(requestId)/offers/$(after.acceptedOffer)).data.rejected
                     == false;
            }

            function cancelling(after, changed) {
              return after.status == 'cancelled' && changed.hasOnly(['status']);
            }

            // "finalizar": a party adds themself to finishedBy; the request is done exactly when both are there.
            function finishing(before, after, changed) {
              return before.status == 'accepted'
                && changed.hasOnly(['status', 'finishedBy'])
                && !(request.auth.uid in before.finishedBy)
                && after.finishedBy is list
                && after.finishedBy.size() == before.finishedBy.size() + 1
                && after.finishedBy.hasAll(before.finishedBy)
                && request.auth.uid in after.finishedBy
                && after.status == (after.finishedBy.hasAll([before.client, before.acceptedOffer]) ? 'done' : 'accepted');
            }

            // CU011: the client's (simulated) payment, once, after done.
            function paying(before, after, changed) {
              return before.status == 'done' && before.paidAt == null
                && changed.hasOnly(['paidAt'])
                && after.paidAt == request.time;
            }

            match /requests/{requestId} {
              allow get: if signedIn() && (resource == null || canSee(resource.data));
              allow list: if signedIn() && canSee(resource.data);
              allow create: if signedIn() && validNewRequest(request.resource.data);
              allow update: if signedIn() && legalChange(requestId, resource.data, request.resource.data);
              allow delete: if false;
            }

            // ---- requests/{requestId}/offers/{workerId} ------------------------------------------------

            function validOffer(data, workerId) {
              return data.keys().hasAll(['worker', 'price', 'priceTo', 'duration', 'message', 'location', 'createdAt',
                                         'rejected'])
                && data.keys().hasOnly(['worker', 'price', 'priceTo', 'duration', 'message', 'location', 'createdAt',
                                        'rejected'])
                && data.worker == workerId
                && data.price is number && data.price > 0
                && (data.priceTo == null || (data.priceTo is number && data.priceTo > data.price))
                && nonEmptyString(data.duration)
                && data.message is string
                && data.location is latlng
                && data.createdAt == request.time
                && data.rejected == false;
            }

            // The request is open, not the worker's own, allows the price (for a range, its top), and the
            // worker is subscribed to its trade — or, on a direct hire, is the hired professional.
            function offerFits(requestId, workerId, top) {
              let job = get(doc('requests', requestId)).data;
              return job.status == 'open'
                && job.client != workerId
                && (job.precio_max == null || top <= job.precio_max)
                && ((job.worker == null && job.categoria in get(doc('users', workerId)).data.trades)
                    || job.worker == workerId);
            }

            match /requests/{requestId}/offers/{workerId} {
              allow read: if signedIn()
                && (request.auth.uid == workerId || get(doc('requests', requestId)).data.client == request.auth.uid);
              allow create: if isUser(workerId)
                && validOffer(request.resource.data, workerId)
                && offerFits(requestId, workerId,
                             request.resource.data.priceTo == null ? request.resource.data.price : request.resource.data.priceTo);
              // The client turns an offer down (screen 6) while the request is open; nothing else changes.
              allow update: if signedIn()
                && get(doc('requests', requestId)).data.client == request.auth.uid
                && get(doc('requests', requestId)).data.status == 'open'
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['rejected'])
                && request.resource.data.rejected == true;
              allow delete: if false;
            }

            // ---- ratings/{ratingId} --------------------------------------------------------------------

            // The request's job is done and paid, and rater and ratee are its two parties.
            function paidJobBetween(requestId, rater, ratee) {
              let job = get(doc('requests', requestId)).data;
              return job.status == 'done' && job.paidAt != null
                && ((job.client == rater && job.acceptedOffer == ratee)
                  || (job.acceptedOffer == rater && job.client == ratee));
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
                && paidJobBetween(request.resource.data.requestId, request.auth.uid, request.resource.data.ratee)
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

            // CU009: the participant who is not the caller works in at least one trade.
            function withProfessional(participants) {
              return get(doc('users', participants[0] == request.auth.uid ? participants[1] : participants[0]))
                .data.trades.size() > 0;
            }

            // The two users are the client and the accepted worker of the request, or the client and the
            // hired professional of a direct hire that was not cancelled.
            function jobPair(requestId, a, b) {
              let job = get(doc('requests', requestId)).data;
              return (job.status in ['accepted', 'done'] && [job.client, job.acceptedOffer].hasAll([a, b]))
                || (job.worker != null && job.status != 'cancelled' && [job.client, job.worker].hasAll([a, b]));
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
                && ((request.resource.data.requestId == null && withProfessional(request.resource.data.participants))
                  || (request.resource.data.requestId is string
                      && jobPair(request.resource.data.requestId, request.resource.data.participants[0],
                                 request.resource.data.participants[1])));
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
