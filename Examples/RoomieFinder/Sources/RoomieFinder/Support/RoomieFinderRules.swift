/// The security rules RoomieFinder ships, as source text.
///
/// `firestore.rules` (beside `README.md`) is the file a deployer uses; a test asserts that it equals
/// this text byte for byte, so the rules the code loads and the file on disk cannot drift apart.
public enum RoomieFinderRules {
    /// The rules source (`rules_version = '2'`).
    public static let source = #"""
        rules_version = '2';

        // RoomieFinder's security rules (see README.md, "Access rules").
        // Collection and field names are the thesis's, Spanish included. Anything not matched below is
        // denied, which also keeps the local account store out of every client's reach.
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

            function wholeNumber(value) {
              return value is string && value.matches('[0-9]{1,6}');
            }

            function optionalString(data, field) {
              return !(field in data) || data[field] is string;
            }

            function optionalBool(data, field) {
              return !(field in data) || data[field] is bool;
            }

            function optionalChoice(data, field, choices) {
              return !(field in data) || data[field] in choices;
            }

            // Perfiles: registration writes userID, nombre, apellido and fnac; the rest comes later.
            function validProfile(data) {
              return data.keys().hasOnly(['userID', 'nombre', 'apellido', 'fnac', 'estudios', 'trabaja',
                                          'universidad', 'idiomas', 'sexo', 'tipoPersona', 'ambiente',
                                          'tiempoLibre', 'fumar', 'fiesta', 'descripcion', 'urlImage'])
                && nonEmptyString(data.nombre)
                && nonEmptyString(data.apellido)
                && data.fnac is string && data.fnac.matches('[0-9]{4}-[0-9]{2}-[0-9]{2}')
                && optionalString(data, 'estudios')
                && optionalString(data, 'universidad')
                && optionalString(data, 'tiempoLibre')
                && optionalString(data, 'descripcion')
                && optionalString(data, 'urlImage')
                && optionalBool(data, 'trabaja')
                && optionalBool(data, 'fumar')
                && optionalBool(data, 'fiesta')
                && optionalChoice(data, 'sexo', ['hombre', 'mujer'])
                && optionalChoice(data, 'tipoPersona', ['activo', 'tranquilo', 'ambos'])
                && optionalChoice(data, 'ambiente', ['social', 'tranquilo'])
                && (!('idiomas' in data) || (data.idiomas is list
                      && data.idiomas.hasOnly(['español', 'ingles', 'frances', 'italiano', 'portugues', 'aleman'])));
            }

            match /Perfiles/{uid} {
              allow read: if signedIn();
              allow create: if isUser(uid)
                && request.resource.data.userID == uid
                && request.resource.data.keys().hasAll(['userID', 'nombre', 'apellido', 'fnac'])
                && validProfile(request.resource.data);
              allow update: if isUser(uid)
                && request.resource.data.userID == uid
                && validProfile(request.resource.data);
              allow delete: if isUser(uid);
            }

            // Anuncios: num_hab only when the publisher has a flat (absent or null otherwise).
            function validAd(data) {
              return data.keys().hasAll(['userID', 'barrio', 'tiempoEstancia', 'presupuesto', 'creadoEn'])
                && data.keys().hasOnly(['userID', 'barrio', 'tiempoEstancia', 'presupuesto', 'num_hab', 'creadoEn'])
                && nonEmptyString(data.barrio)
                && nonEmptyString(data.tiempoEstancia)
                && wholeNumber(data.presupuesto)
                && (!('num_hab' in data) || data.num_hab == null || wholeNumber(data.num_hab))
                && data.creadoEn is timestamp;
            }

            match /Anuncios/{adId} {
              allow read: if signedIn();
              allow create: if signedIn()
                && request.resource.data.userID == request.auth.uid
                && validAd(request.resource.data)
                && request.resource.data.creadoEn == request.time;
              allow update: if signedIn()
                && resource.data.userID == request.auth.uid
                && request.resource.data.userID == resource.data.userID
                && validAd(request.resource.data)
                && request.resource.data.creadoEn == resource.data.creadoEn;
              allow delete: if signedIn() && resource.data.userID == request.auth.uid;
            }

            // Favoritos: one document per (user, ad), id "<uid>_<adId>", for an ad that exists.
            match /Favoritos/{favoriteId} {
              allow get: if signedIn() && (resource == null || resource.data.currentUser == request.auth.uid);
              allow list: if signedIn() && resource.data.currentUser == request.auth.uid;
              allow create, update: if signedIn()
                && request.resource.data.currentUser == request.auth.uid
                && request.resource.data.keys().hasOnly(['currentUser', 'anuncioID'])
                && nonEmptyString(request.resource.data.anuncioID)
                && favoriteId == request.auth.uid + '_' + request.resource.data.anuncioID
                && exists(/databases/$(database)/documents/Anuncios/$(request.resource.data.anuncioID));
              allow delete: if signedIn() && resource.data.currentUser == request.auth.uid;
            }

            // A message or a recent-message entry: sent by the caller, between the two users the path names.
            function sentBetween(data, a, b) {
              return data.fromID == request.auth.uid
                && data.toID is string
                && data.toID != data.fromID
                && ((a == data.fromID && b == data.toID) || (a == data.toID && b == data.fromID))
                && nonEmptyString(data.text)
                && data.timestamp == request.time;
            }

            // Chats/{a}/{b}/{m}: a's copy of the conversation with b; messages are never changed.
            match /Chats/{a}/{b}/{messageId} {
              allow read: if isUser(a);
              allow create: if signedIn()
                && request.resource.data.keys().hasOnly(['fromID', 'toID', 'text', 'timestamp'])
                && sentBetween(request.resource.data, a, b);
            }

            // recent_messages/{a}/messages/{b}: the last message of a's conversation with b.
            match /recent_messages/{a}/messages/{b} {
              allow read: if isUser(a);
              allow create, update: if signedIn()
                && request.resource.data.keys().hasAll(['fromID', 'toID', 'text', 'timestamp',
                                                        'nombre', 'apellido', 'profileImage'])
                && request.resource.data.keys().hasOnly(['fromID', 'toID', 'text', 'timestamp',
                                                         'nombre', 'apellido', 'profileImage'])
                && sentBetween(request.resource.data, a, b)
                && request.resource.data.nombre is string
                && request.resource.data.apellido is string
                && request.resource.data.profileImage is string;
              allow delete: if isUser(a);
            }
          }
        }

        """#
}
