/// The security rules Giftworld ships, as source text.
///
/// `firestore.rules` (beside `README.md`) is the file a deployer uses; a test asserts that it equals
/// this text byte for byte, so the rules the code loads and the file on disk cannot drift apart.
public enum GiftworldRules {
    /// The rules source (`rules_version = '2'`).
    public static let source = #"""
        rules_version = '2';

        // Giftworld's security rules (see README.md, "Access rules").
        // The secret: nobody can learn whether their own gift is bought. Purchase status lives only in
        // purchases/{owner}_{giftId}, which these rules never let the gift's owner read, write or query,
        // whether or not the document exists. Anything not matched below is denied (the local account
        // store included).
        service cloud.firestore {
          match /databases/{database}/documents {

            function signedIn() {
              return request.auth != null;
            }

            function isUser(uid) {
              return signedIn() && request.auth.uid == uid;
            }

            function nonEmptyString(value) {
              return value is string && value.size() > 0;
            }

            // The groups of uid, as the membership trigger copies them from groups/*.members.
            function groupsOf(uid) {
              return get(/databases/$(database)/documents/memberships/$(uid)).data.groups;
            }

            // Whether the caller and uid are members of at least one common group.
            function sharesGroupWith(uid) {
              return signedIn() && groupsOf(uid).hasAny(groupsOf(request.auth.uid));
            }

            // users/{uid}: every signed-in user sees the directory; each writes only their own card,
            // with the email they signed in with, and later edits only its names and picture (RF1.3).
            function validUser(data) {
              return data.keys().hasAll(['firstname', 'lastname', 'email', 'image_url'])
                && data.keys().hasOnly(['firstname', 'lastname', 'email', 'image_url'])
                && nonEmptyString(data.firstname)
                && nonEmptyString(data.lastname)
                && data.email == request.auth.token.email
                && data.image_url is string;
            }

            match /users/{uid} {
              allow read: if signedIn();
              allow create: if isUser(uid) && validUser(request.resource.data);
              allow update: if isUser(uid) && validUser(request.resource.data)
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['firstname', 'lastname', 'image_url']);
            }

            // users/{uid}/gifts/{giftId}: the wish list. Its owner and whoever shares a group with them
            // read it; only the owner writes it. A gift holds nothing about its purchase.
            function validGift(data) {
              return data.keys().hasAll(['name', 'brand', 'price', 'link', 'image_url', 'createdAt'])
                && data.keys().hasOnly(['name', 'brand', 'price', 'link', 'image_url', 'createdAt'])
                && nonEmptyString(data.name)
                && data.brand is string
                && data.price is float && data.price >= 0
                && data.link is string && (data.link == '' || data.link.matches('https?://[^ ]+'))
                && data.image_url is string
                && data.createdAt is timestamp;
            }

            match /users/{uid}/gifts/{giftId} {
              allow read: if isUser(uid) || sharesGroupWith(uid);
              allow create: if isUser(uid) && validGift(request.resource.data)
                && request.resource.data.createdAt == request.time;
              allow update: if isUser(uid) && validGift(request.resource.data)
                && request.resource.data.createdAt == resource.data.createdAt;
              allow delete: if isUser(uid);
            }

            // memberships/{uid}: written only by the trusted membership trigger.
            match /memberships/{uid} {
              allow read: if isUser(uid);
            }

            // groups/{groupId}: seen by its members; created by one of them; its members rename it, change
            // its picture and add members (RF3.2, RF3.3), never removing anyone; deleted by its creator.
            function validMembers(members) {
              return members is list
                && members.size() >= 2
                && members.size() <= 50
                && members.toSet().size() == members.size();
            }

            match /groups/{groupId} {
              allow read: if signedIn() && request.auth.uid in resource.data.members;
              allow create: if signedIn()
                && request.resource.data.keys().hasAll(['name', 'image_url', 'members', 'createdBy'])
                && request.resource.data.keys().hasOnly(['name', 'image_url', 'members', 'createdBy'])
                && nonEmptyString(request.resource.data.name)
                && request.resource.data.image_url is string
                && request.resource.data.createdBy == request.auth.uid
                && validMembers(request.resource.data.members)
                && request.auth.uid in request.resource.data.members;
              allow update: if signedIn()
                && request.auth.uid in resource.data.members
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name', 'image_url', 'members'])
                && nonEmptyString(request.resource.data.name)
                && request.resource.data.image_url is string
                && validMembers(request.resource.data.members)
                && request.resource.data.members.hasAll(resource.data.members);
              allow delete: if signedIn() && resource.data.createdBy == request.auth.uid;
            }

            // purchases/{owner}_{giftId}: the parts of the id.
            function purchaseOwner(purchaseId) {
              return purchaseId.split('_')[0];
            }

            function purchaseGift(purchaseId) {
              return purchaseId.split('_')[1];
            }

            // A purchase by the caller (the payer, buyers[0]) of someone else's gift, every buyer and
            // the owner being members of the purchase's group, at the gift's current price.
            function validPurchase(purchaseId, data) {
              let members = get(/databases/$(database)/documents/groups/$(data.groupId)).data.members;
              let gift = get(/databases/$(database)/documents/users/$(data.owner)/gifts/$(purchaseGift(purchaseId)));
              return signedIn()
                && data.keys().hasAll(['giftPath', 'owner', 'groupId', 'buyers', 'price', 'purchasedAt'])
                && data.keys().hasOnly(['giftPath', 'owner', 'groupId', 'buyers', 'price', 'purchasedAt'])
                && purchaseId.split('_').size() == 2
                && data.owner == purchaseOwner(purchaseId)
                && data.giftPath == 'users/' + data.owner + '/gifts/' + purchaseGift(purchaseId)
                && data.owner != request.auth.uid
                && data.buyers is list
                && data.buyers.size() >= 1
                && data.buyers.size() <= 20
                && data.buyers[0] == request.auth.uid
                && data.buyers.toSet().size() == data.buyers.size()
                && !(data.owner in data.buyers)
                && data.groupId is string
                && data.owner in members
                && members.hasAll(data.buyers)
                && gift != null
                && data.price == gift.data.price
                && data.purchasedAt == request.time;
            }

            // Readable by whoever shares a group with the gift's owner, never by the owner. `get` is
            // judged from the id alone, so a missing purchase answers exactly as a stored one; `list`
            // must fix `owner` to someone else. Purchases are never changed or undone by clients.
            match /purchases/{purchaseId} {
              allow get: if signedIn()
                && purchaseOwner(purchaseId) != request.auth.uid
                && sharesGroupWith(purchaseOwner(purchaseId));
              allow list: if signedIn()
                && resource.data.owner != request.auth.uid
                && sharesGroupWith(resource.data.owner);
              allow create: if validPurchase(purchaseId, request.resource.data);
            }

            // debts/{purchaseId}_{debtor}: created by the payer in the commit that creates the purchase,
            // one per co-buyer, for price / buyers; read, lowered as it gets paid (RF5.1) and resolved
            // (deleted) by its two parties only. Its amount only goes down, and never to 0 by an update.
            function isParty(data) {
              return data.debtor == request.auth.uid || data.creditor == request.auth.uid;
            }

            // The owner of the gift a debt id names ({owner}_{giftId}_{debtor}). Refusing them before the
            // document is looked at makes their answer the same whether the debt exists or not.
            function debtGiftOwner(debtId) {
              return debtId.split('_')[0];
            }

            function validDebt(debtId, data) {
              let purchase = getAfter(/databases/$(database)/documents/purchases/$(data.purchase)).data;
              return signedIn()
                && data.keys().hasAll(['groupId', 'debtor', 'creditor', 'amount', 'purchase'])
                && data.keys().hasOnly(['groupId', 'debtor', 'creditor', 'amount', 'purchase'])
                && data.purchase is string
                && data.debtor is string
                && debtId == data.purchase + '_' + data.debtor
                && data.creditor == request.auth.uid
                && data.debtor != data.creditor
                && !exists(/databases/$(database)/documents/purchases/$(data.purchase))
                && purchase.buyers[0] == data.creditor
                && data.debtor in purchase.buyers
                && data.groupId == purchase.groupId
                && data.amount is float
                && data.amount > 0
                && data.amount == purchase.price / purchase.buyers.size();
            }

            match /debts/{debtId} {
              allow get: if signedIn() && debtGiftOwner(debtId) != request.auth.uid && isParty(resource.data);
              allow list: if signedIn() && isParty(resource.data);
              allow create: if validDebt(debtId, request.resource.data);
              allow update: if signedIn() && debtGiftOwner(debtId) != request.auth.uid && isParty(resource.data)
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['amount'])
                && request.resource.data.amount is float
                && request.resource.data.amount > 0
                && request.resource.data.amount < resource.data.amount;
              allow delete: if signedIn() && debtGiftOwner(debtId) != request.auth.uid && isParty(resource.data);
            }
          }
        }

        """#
}
