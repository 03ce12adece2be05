import Foundation

/// How far apart two colours are to the eye, as WCAG 2 measures it: the ratio of their
/// relative luminances (each plus 0.05), from 1 (the same) to 21 (black on white).
///
/// ```swift
/// Contrast.ratio((0, 0, 0), (255, 255, 255))  // 21
/// ```
public enum Contrast {
    /// The least contrast text needs to be readable: 4.5:1 (WCAG AA for text).
    public static let readable = 4.5
    /// The least contrast a shape needs to be seen (a border, a spinner, a bar): 3:1 (WCAG
    /// AA for what is not text).
    public static let visible = 3.0

    /// The contrast between `a` and `b` (the order does not matter).
    public static func ratio(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        let la = luminance(a)
        let lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The relative luminance of an sRGB colour, 0 (black) to 1 (white).
    public static func luminance(_ rgb: (UInt8, UInt8, UInt8)) -> Double {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }
}

extension Style {
    /// This style with ``Attributes/dim`` made an explicit colour: the text's colour moved
    /// towards the background as far as it stays readable — a contrast of at least
    /// ``Contrast/readable`` against that background once shown at `depth` — and no further.
    /// A terminal's own faint text is its foreground at a fixed fraction (kitty's light
    /// theme: pale grey on white, under 2:1); this is faint on both backgrounds and never
    /// unreadable. `foreground` and `background` are what the terminal's default colours
    /// look like. Unchanged when not dim, when reversed, or at a depth without 256 colours
    /// (there the terminal's faint text is all there is).
    public func faintMadeExplicit(foreground: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8), depth: ColorDepth) -> Style {
        guard attributes.contains(.dim), !attributes.contains(.reverse), depth == .trueColor || depth == .palette256 else { return self }
        let text = self.foreground.rgbComponents(default: foreground)
        let ground = self.background.rgbComponents(default: background)
        var result = self
        result.attributes.remove(.dim)
        // The faintest of these that stays readable: at most as faint as terminals draw dim
        // text (about half-way), never fainter than the text's own colour allows.
        for amount in stride(from: 0.55, to: 0.0, by: -0.05) {
            let faint = Color.rgb(text.0, text.1, text.2).blended(with: .rgb(ground.0, ground.1, ground.2), amount: amount, default: text).resolved(for: depth)
            if Contrast.ratio(faint.rgbComponents(default: text), ground) >= Contrast.readable {
                result.foreground = faint
                return result
            }
        }
        return result  // already at or below readable: its own colour, not fainter
    }
}

extension Style {
    /// This style with its ANSI foreground moved away from what it is drawn on — its own
    /// background, else the terminal's `background` — towards black on a light one, towards
    /// white on a dark one, as far as it needs to keep `minimumContrast` there
    /// (``Contrast/readable`` for text, ``Contrast/visible`` for shapes), and no further; the
    /// colours are taken as xterm shows them. xterm's cyan is 1.9:1 on white: a cyan spinner or
    /// title becomes a darker cyan there, and stays as it is on a dark background. Unchanged
    /// when the foreground is not one of the 16 ANSI colours, when the style is reversed, or at
    /// a depth without 256 colours.
    public func accentMadeReadable(background: (UInt8, UInt8, UInt8), depth: ColorDepth, minimumContrast: Double) -> Style {
        guard case .ansi(let index) = foreground, !attributes.contains(.reverse), depth == .trueColor || depth == .palette256 else { return self }
        let shown = Color.ansiRGB[Int(index & 15)]
        let ground = self.background.rgbComponents(default: background)
        guard Contrast.ratio(shown, ground) < minimumContrast else { return self }
        let away: Color = Contrast.luminance(ground) > 0.18 ? .rgb(0, 0, 0) : .rgb(255, 255, 255)
        var result = self
        for step in 1...20 {
            let moved = foreground.blended(with: away, amount: Double(step) * 0.05, default: shown).resolved(for: depth)
            if Contrast.ratio(moved.rgbComponents(default: shown), ground) >= minimumContrast {
                result.foreground = moved
                return result
            }
        }
        result.foreground = away.resolved(for: depth)
        return result
    }
}
