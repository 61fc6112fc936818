import Hearth
import RoomieFinder
import Testing

/// CU-02 (create profile), CU-12 (view), CU-13 (change photo) and CU-14 (edit).
@Suite("Profile")
final class ProfileTests: AppSuite {
    @Test func creatingTheProfileFillsEveryField() async throws {
        let lucia = try await fixture.registered(.lucia)
        try await lucia.createProfile(Student.lucia.profile, photoPath: "images/\(lucia.uid).jpg")
        let profile = try await lucia.ownProfile()
        #expect(profile.isComplete)
        #expect(profile.estudios == "Medicina" && profile.universidad == "Universidad de Valladolid")
        #expect(profile.idiomas == [.spanish, .english] && profile.sexo == .woman && profile.tipoPersona == .calm)
        #expect(
            profile.ambiente == .quiet && profile.trabaja == false && profile.fumar == false && profile.fiesta == false)
        #expect(profile.urlImage == "images/\(lucia.uid).jpg")
        #expect(profile.nombre == "Lucía")
        let admin = try fixture.adminView()
        defer { admin.close() }
        let stored = try await admin.document("Perfiles/\(lucia.uid)").getDocument()
        #expect(stored.get("sexo") as? String == "mujer")
        #expect(stored.get("idiomas") as? [String] == ["español", "ingles"])
    }

    @Test func withoutAPhotoTheDefaultAvatarIsUsed() async throws {
        let lucia = try await fixture.registered(.lucia)
        try await lucia.createProfile(Student.lucia.profile)
        #expect(try await lucia.ownProfile().urlImage == Collections.defaultAvatar)
    }

    @Test(arguments: [
        "estudios", "universidad", "idiomas", "sexo", "tipoPersona", "ambiente", "tiempoLibre", "descripcion",
    ])
    func everyProfileFieldIsRequired(field: String) async throws {
        let lucia = try await fixture.registered(.lucia)
        var form = Student.lucia.profile
        switch field {
        case "estudios": form.estudios = "  "
        case "universidad": form.universidad = ""
        case "idiomas": form.idiomas = []
        case "sexo": form.sexo = nil
        case "tipoPersona": form.tipoPersona = nil
        case "ambiente": form.ambiente = nil
        case "tiempoLibre": form.tiempoLibre = "\n"
        default: form.descripcion = ""
        }
        await #expect(
            throws: RoomieFinderError.invalidField(
                name: field, reason: field == "idiomas" ? "choose at least one language" : "required")
        ) {
            try await lucia.createProfile(form)
        }
        #expect(try await !lucia.ownProfile().isComplete)
    }

    @Test func changingThePhotoReplacesOnlyItsPathAndHandsBackTheOldOne() async throws {
        let lucia = try await fixture.member(.lucia)
        let before = try await lucia.ownProfile()
        // The old photo is handed back for removal (Tabla 7.6).
        #expect(try await lucia.changePhoto(to: "images/\(lucia.uid)-v2.jpg") == "images/\(lucia.uid).jpg")
        var after = try await lucia.ownProfile()
        #expect(after.urlImage == "images/\(lucia.uid)-v2.jpg")
        after.urlImage = before.urlImage
        #expect(after == before)
        #expect(try await lucia.changePhoto(to: " images/\(lucia.uid)-v2.jpg ") == nil, "the same path: nothing to remove")
        await #expect(throws: RoomieFinderError.invalidField(name: "urlImage", reason: "required")) {
            try await lucia.changePhoto(to: " ")
        }
        #expect(try await lucia.ownProfile().urlImage == "images/\(lucia.uid)-v2.jpg")
        // The shared default avatar is never removed.
        let marcos = try await fixture.registered(.marcos)
        try await marcos.createProfile(Student.marcos.profile)
        #expect(try await marcos.changePhoto(to: "images/\(marcos.uid).jpg") == nil)
        #expect(try await marcos.changePhoto(to: "images/\(marcos.uid)-2.jpg") == "images/\(marcos.uid).jpg")
    }

    @Test func editingRewritesTheFieldsButNotThePhoto() async throws {
        let lucia = try await fixture.member(.lucia)
        let before = try await lucia.ownProfile()
        var form = ProfileForm(editing: before)
        #expect(form == Student.lucia.profile)
        form.fiesta = true
        form.idiomas = [.spanish, .portuguese, .spanish]
        form.descripcion = "  Ahora me gusta salir  "
        try await lucia.editProfile(form)
        let after = try await lucia.ownProfile()
        #expect(
            after.fiesta == true && after.idiomas == [.spanish, .portuguese]
                && after.descripcion == "Ahora me gusta salir")
        #expect(after.urlImage == before.urlImage)
        form.estudios = ""
        await #expect(throws: RoomieFinderError.invalidField(name: "estudios", reason: "required")) {
            try await lucia.editProfile(form)
        }
        #expect(try await lucia.ownProfile() == after)
    }

    @Test func aMissingProfileIsReported() async throws {
        let lucia = try await fixture.member(.lucia)
        let admin = try fixture.adminView()
        defer { admin.close() }
        try await admin.document("Perfiles/\(lucia.uid)").delete()
        await #expect(throws: RoomieFinderError.profileNotFound(uid: lucia.uid)) { try await lucia.ownProfile() }
        await #expect(throws: RoomieFinderError.profileNotFound(uid: lucia.uid)) {
            try await lucia.editProfile(Student.lucia.profile)
        }
    }
}
