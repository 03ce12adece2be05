import IndicatorKit
import Testing

@testable import ViewCore

@Suite("Style")
struct StyleTests {
    @Test("The plain style is all defaults")
    func plain() {
        #expect(Style.plain == Style())
        #expect(Style.plain.foreground == .default)
        #expect(Style.plain.background == .default)
        #expect(Style.plain.attributes.isEmpty)
    }

    @Test("adding unions attributes and keeps colours")
    func adding() {
        let style = Style(foreground: .red, background: .blue, attributes: .bold)
        let more = style.adding([.underline, .bold])
        #expect(more == Style(foreground: .red, background: .blue, attributes: [.bold, .underline]))
        #expect(style.attributes == .bold)  // the original is unchanged
    }

    @Test("Attributes are distinct bits")
    func attributes() {
        let all: [Style.Attributes] = [.bold, .dim, .reverse, .underline, .italic]
        #expect(Set(all.map(\.rawValue)).count == 5)
        #expect(all.allSatisfy { $0.rawValue.nonzeroBitCount == 1 })
    }

    @Test("resolved down-samples both colours and keeps the attributes")
    func resolved() {
        let style = Style(foreground: .rgb(255, 0, 0), background: .palette(244), attributes: [.bold, .reverse])
        #expect(style.resolved(for: .trueColor) == style)
        #expect(style.resolved(for: .palette256) == Style(foreground: .palette(196), background: .palette(244), attributes: [.bold, .reverse]))
        #expect(style.resolved(for: .ansi16) == Style(foreground: .ansi(9), background: .ansi(8), attributes: [.bold, .reverse]))
        #expect(style.resolved(for: .none) == Style(attributes: [.bold, .reverse]))
    }

    @Test("resolving the plain style gives the plain style at every depth", arguments: ColorDepth.allCases)
    func plainResolved(depth: ColorDepth) {
        #expect(Style.plain.resolved(for: depth) == .plain)
    }
}
