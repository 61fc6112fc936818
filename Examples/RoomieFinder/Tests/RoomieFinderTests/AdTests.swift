import Hearth
import RoomieFinder
import Testing

/// CU-15 (own ads), CU-16 (create), CU-17 (edit) and CU-18 (delete).
@Suite("Ads")
final class AdTests: AppSuite {
    @Test func creatingAnAdStoresTheThesisFieldsAndAServerTimestamp() async throws {
        let lucia = try await fixture.member(.lucia)
        let ad = try await lucia.createAd(
            AdForm(barrio: " Centro ", tiempoEstancia: "4 meses", presupuesto: "0300", habitaciones: "2"))
        #expect(ad.userID == lucia.uid && ad.barrio == "Centro" && ad.presupuesto == "300" && ad.numHab == "2")
        #expect(ad.creadoEn != nil && ad.hasFlat && ad.budget == 300)
        let admin = try fixture.adminView()
        defer { admin.close() }
        let stored = try await admin.document("Anuncios/\(try #require(ad.id))").getDocument()
        #expect(
            Set(try #require(stored.data()).keys) == [
                "userID", "barrio", "tiempoEstancia", "presupuesto", "num_hab", "creadoEn",
            ])
        #expect(stored.get("creadoEn") as? Timestamp == stored.createTime)
        let withoutFlat = try await lucia.createAd(.parquesol)
        #expect(withoutFlat.numHab == nil && !withoutFlat.hasFlat)
    }

    @Test(arguments: [
        (AdForm(barrio: "", tiempoEstancia: "4 meses", presupuesto: "300"), "barrio"),
        (AdForm(barrio: "Centro", tiempoEstancia: " ", presupuesto: "300"), "tiempoEstancia"),
        (AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: ""), "presupuesto"),
        (AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "barato"), "presupuesto"),
        (AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "-5"), "presupuesto"),
        (AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "300", habitaciones: "dos"), "num_hab"),
        (AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "300", habitaciones: "0"), "num_hab"),
    ])
    func invalidAdsAreRefused(form: AdForm, field: String) async throws {
        let lucia = try await fixture.member(.lucia)
        do {
            _ = try await lucia.createAd(form)
            Issue.record("expected \(field) to be refused")
        } catch {
            guard case .invalidField(let name, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == field)
        }
        #expect(try await lucia.ownAds().isEmpty)
    }

    @Test func ownAdsAreTheUsersOnlyNewestFirst() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let first = try await lucia.createAd(.centro)
        _ = try await marcos.createAd(.parquesol)
        let second = try await lucia.createAd(.delicias)
        #expect(try await lucia.ownAds().map(\.id) == [second.id, first.id])
        #expect(try await marcos.ownAds().map(\.barrio) == ["Parquesol"])
    }

    /// The tests run with `requireIndexes`: CU-15's query is served by the composite index
    /// `firestore.indexes.json` declares, and the same shape on an undeclared pair is refused, as
    /// production Firestore would refuse it.
    @Test func ownAdsAreServedByTheDeclaredCompositeIndex() async throws {
        let lucia = try await fixture.member(.lucia)
        let ad = try await lucia.createAd(.centro)
        #expect(try await lucia.ownAds().map(\.id) == [ad.id])
        let admin = try fixture.adminView()
        defer { admin.close() }
        let refused = await #expect(throws: FirestoreError.self) {
            try await admin.collection("Anuncios").whereField("barrio", isEqualTo: "Centro")
                .order(by: "creadoEn", descending: true).getDocuments()
        }
        #expect(refused?.code == .failedPrecondition)
        #expect(refused?.message.contains("The query requires an index") == true)
    }

    @Test func theOwnerEditsAnAd() async throws {
        let lucia = try await fixture.member(.lucia)
        let ad = try await lucia.createAd(.centro)
        let id = try #require(ad.id)
        var form = AdForm(editing: ad)
        form.presupuesto = "280"
        form.habitaciones = nil
        let edited = try await lucia.editAd(id, with: form)
        #expect(edited.presupuesto == "280" && edited.numHab == nil && edited.barrio == "Centro")
        #expect(edited.creadoEn == ad.creadoEn && edited.userID == lucia.uid)
        form.barrio = ""
        await #expect(throws: RoomieFinderError.invalidField(name: "barrio", reason: "required")) {
            try await lucia.editAd(id, with: form)
        }
        await #expect(throws: RoomieFinderError.adNotFound(id: "missing")) {
            try await lucia.editAd("missing", with: .centro)
        }
    }

    @Test func theRulesRefuseEditingOrDeletingSomeoneElsesAd() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let ad = try await lucia.createAd(.centro)
        let id = try #require(ad.id)
        do {
            _ = try await marcos.editAd(id, with: .parquesol)
            Issue.record("Marcos edited Lucía's ad")
        } catch {
            guard case .notAllowed(let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(detail.contains("Missing or insufficient permissions"))
        }
        await #expect(throws: RoomieFinderError.self) { try await marcos.deleteAd(id, confirmed: true) }
        #expect(try await lucia.ownAds() == [ad])
    }

    @Test func deletionNeedsConfirmationAndRemovesTheFavoritesOfTheAd() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let sara = try await fixture.member(.sara)
        let ad = try await lucia.createAd(.centro)
        let kept = try await lucia.createAd(.delicias)
        let id = try #require(ad.id)
        #expect(try await marcos.toggleFavorite(id))
        #expect(try await sara.toggleFavorite(id))
        #expect(try await sara.toggleFavorite(try #require(kept.id)))

        #expect(try await lucia.deleteAd(id, confirmed: false) == .cancelled)
        #expect(try await lucia.ownAds().count == 2)
        #expect(try await lucia.deleteAd(id, confirmed: true) == .deleted)
        #expect(try await lucia.ownAds() == [kept])
        #expect(try await !marcos.isFavorite(id))
        #expect(try await sara.isFavorite(try #require(kept.id)))
        #expect(try await fixture.app.statistics().favorites == 1)
        await #expect(throws: RoomieFinderError.adNotFound(id: id)) { try await lucia.deleteAd(id, confirmed: true) }
    }
}
