import Giftworld
import Testing

/// The thesis's `test_cash_flow`, and properties over random debt graphs.
@Suite("Minimum cash flow")
struct MinimumCashFlowTests {
    @Test func theThesisTestCase() throws {
        let transfers = try MinimumCashFlow.transfers(owes: [[0, 1000, 2000], [0, 0, 5000], [0, 0, 0]])
        #expect(transfers.map(\.description) == ["P 1 sends 4000.0 to P2", "P 0 sends 3000.0 to P2"])
        let thesisString = transfers.map(\.description).joined(separator: " ") + " "
        #expect(thesisString == "P 1 sends 4000.0 to P2 P 0 sends 3000.0 to P2 ")
    }

    @Test func nothingOwedNothingToPay() throws {
        #expect(try MinimumCashFlow.transfers(owes: []).isEmpty)
        #expect(try MinimumCashFlow.transfers(owes: [[0, 5], [5, 0]]).isEmpty)
    }

    @Test func malformedInputIsRefused() {
        #expect(throws: GiftworldError.self) { try MinimumCashFlow.transfers(owes: [[0, 1], [0]]) }
        #expect(throws: GiftworldError.self) { try MinimumCashFlow.transfers(owes: [[0, -1], [0, 0]]) }
        #expect(throws: GiftworldError.self) { try MinimumCashFlow.transfers(owes: [[0, .infinity], [0, 0]]) }
    }

    /// For 500 random graphs of 1–9 people: the transfers settle every net balance exactly, there
    /// are at most people − 1 of them, and each moves a positive amount between two people.
    @Test func propertiesOnRandomGraphs() {
        var random = SplitMix64(seed: 20_200_601)
        for _ in 0..<500 {
            let people = Int(random.next() % 9) + 1
            var owes = [[Int]](repeating: [Int](repeating: 0, count: people), count: people)
            for debtor in 0..<people {
                for creditor in 0..<people where debtor != creditor && random.next() % 3 == 0 {
                    owes[debtor][creditor] = Int(random.next() % 100_000)
                }
            }
            let net = MinimumCashFlow.netBalances(owes: owes)
            #expect(net.reduce(0, +) == 0)
            let transfers = MinimumCashFlow.transfers(owesCents: owes)
            var settled = net
            for transfer in transfers {
                #expect(transfer.cents > 0)
                #expect(transfer.from != transfer.to)
                settled[transfer.from] += transfer.cents
                settled[transfer.to] -= transfer.cents
            }
            #expect(settled.allSatisfy { $0 == 0 }, "owes \(owes) left \(settled)")
            #expect(transfers.count <= max(0, people - 1))
        }
    }
}

/// A small deterministic generator, so a failing case can be replayed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
