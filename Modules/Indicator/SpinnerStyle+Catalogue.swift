/// IndicatorKit's own spinner styles.
extension SpinnerStyle {
    /// A ball running along a track of dim dots and back.
    public static let comet = SpinnerStyle(
        name: "comet",
        frames: ["●∙∙∙", "∙●∙∙", "∙∙●∙", "∙∙∙●", "∙∙●∙", "∙●∙∙"],
        interval: .milliseconds(110),
        still: "●∙∙∙"
    )
    /// A three-cell wave rolling to the right.
    public static let tide = SpinnerStyle(
        name: "tide",
        frames: ["▁▂▃", "▂▃▄", "▃▄▅", "▄▅▆", "▅▆▇", "▆▇▆", "▇▆▅", "▆▅▄", "▅▄▃", "▄▃▂", "▃▂▁", "▂▁▂"],
        interval: .milliseconds(90),
        still: "▃▅▇"
    )
    /// One cell filling from the left and emptying again.
    public static let fill = SpinnerStyle(
        name: "fill",
        frames: ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█", "▉", "▊", "▋", "▌", "▍", "▎"],
        interval: .milliseconds(60),
        still: "▌"
    )
    /// A quarter block walking round a cell.
    public static let quadrant = SpinnerStyle(name: "quadrant", frames: ["▖", "▘", "▝", "▗"], interval: .milliseconds(130), still: "▚")
    /// A circle turning its dark half.
    public static let halfMoon = SpinnerStyle(name: "half-moon", frames: ["◐", "◓", "◑", "◒"], interval: .milliseconds(120), still: "◑")
    /// A square turning its dark quarter.
    public static let corners = SpinnerStyle(name: "corners", frames: ["◰", "◳", "◲", "◱"], interval: .milliseconds(140), still: "◰")
    /// An arrow turning clockwise.
    public static let compass = SpinnerStyle(name: "compass", frames: ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"], interval: .milliseconds(100), still: "→")
    /// A ball bouncing between brackets.
    public static let bounce = SpinnerStyle(
        name: "bounce",
        frames: ["[●   ]", "[ ●  ]", "[  ● ]", "[   ●]", "[  ● ]", "[ ●  ]"],
        interval: .milliseconds(120),
        still: "[ ●  ]"
    )
    /// Bars of a level meter.
    public static let equalizer = SpinnerStyle(
        name: "equalizer",
        frames: ["▂▅▃", "▅▃▇", "▃▇▂", "▇▂▅", "▂▆▄", "▆▄▂"],
        interval: .milliseconds(140),
        still: "▃▅▂"
    )
    /// Dots appearing and leaving, like someone typing.
    public static let typing = SpinnerStyle(name: "typing", frames: [".  ", ".. ", "...", " ..", "  .", "   "], interval: .milliseconds(200), still: "...")
    /// A triangle turning in its cell.
    public static let wedge = SpinnerStyle(name: "wedge", frames: ["◢", "◣", "◤", "◥"], interval: .milliseconds(120), still: "◢")
    /// A box-drawing tick turning round.
    public static let ticks = SpinnerStyle(name: "ticks", frames: ["┤", "┘", "┴", "└", "├", "┌", "┬", "┐"], interval: .milliseconds(90), still: "┼")
    /// A diamond filling and emptying.
    public static let diamond = SpinnerStyle(name: "diamond", frames: ["◇", "◈", "◆", "◈"], interval: .milliseconds(180), still: "◆")
    /// Clock faces going round the hours (emoji, two cells).
    public static let clock = SpinnerStyle(
        name: "clock",
        frames: ["🕛", "🕐", "🕑", "🕒", "🕓", "🕔", "🕕", "🕖", "🕗", "🕘", "🕙", "🕚"],
        interval: .milliseconds(100),
        still: "🕒"
    )
    /// The moon's phases (emoji, two cells).
    public static let moon = SpinnerStyle(name: "moon", frames: ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"], interval: .milliseconds(120), still: "🌕")
    /// "Loading" in Korean, written a syllable at a time (wide characters). The terminal needs
    /// a font with Hangul (Noto Sans CJK, Debian's `fonts-noto-cjk`; DejaVu has none): without
    /// one it draws boxes.
    public static let hangul = SpinnerStyle(
        name: "hangul",
        frames: ["로    ", "로딩  ", "로딩중", "  딩중", "    중", "      "],
        interval: .milliseconds(220),
        still: "로딩중"
    )
    /// A slot moving along a bar of five.
    public static let scan = SpinnerStyle(
        name: "scan",
        frames: ["▰▱▱▱▱", "▱▰▱▱▱", "▱▱▰▱▱", "▱▱▱▰▱", "▱▱▱▱▰", "▱▱▱▰▱", "▱▱▰▱▱", "▱▰▱▱▱"],
        interval: .milliseconds(100),
        still: "▰▰▰▱▱"
    )
    /// A star growing and shrinking.
    public static let spark = SpinnerStyle(name: "spark", frames: ["·", "✢", "✣", "✤", "✥", "✤", "✣", "✢"], interval: .milliseconds(100), still: "✦")
    /// A circle filling like a pie.
    public static let pie = SpinnerStyle(name: "pie", frames: ["○", "◔", "◑", "◕", "●", "◕", "◑", "◔"], interval: .milliseconds(130), still: "◕")
    /// Two braille dots chasing round a two-cell ring.
    public static let orbit = SpinnerStyle(
        name: "orbit",
        frames: ["⠉⠀", "⠈⠁", "⠀⠉", "⠀⠘", "⠀⠰", "⠠⠄", "⠤⠀", "⠆⠀", "⠃⠀"],
        interval: .milliseconds(90),
        still: "⠿⠿"
    )
    /// Stacked bars rising and falling in one cell.
    public static let stack = SpinnerStyle(name: "stack", frames: ["▁", "▃", "▄", "▅", "▆", "▇", "▆", "▅", "▄", "▃"], interval: .milliseconds(80), still: "▄")
    /// Plain ASCII, for terminals and logs without Unicode.
    public static let ascii = SpinnerStyle(name: "ascii", frames: ["|", "/", "-", "\\"], interval: .milliseconds(120), still: "*")

    /// indicatif's own default: braille dots, a blank once finished (`tick_chars("⠁⠂⠄⡀⢀⠠⠐⠈ ")`),
    /// for a template pasted from indicatif that should look as it did there. Not in the
    /// ``catalogue`` (its finished frame is no mark).
    public static let indicatif = SpinnerStyle.tickCharacters("⠁⠂⠄⡀⢀⠠⠐⠈ ", interval: .milliseconds(100), name: "indicatif")
    /// A heartbeat trace moving across four cells.
    public static let pulse = SpinnerStyle(
        name: "pulse",
        frames: ["⎯⎯⎯⎯", "⎯⎯⎯╱", "⎯⎯╱╲", "⎯╱╲⎯", "╱╲⎯⎯", "╲⎯⎯⎯"],
        interval: .milliseconds(110),
        still: "⎯╱╲⎯"
    )

    /// Every built-in style, in gallery order.
    public static let catalogue: [SpinnerStyle] = [
        .comet, .tide, .fill, .quadrant, .halfMoon, .corners, .compass, .bounce, .equalizer, .typing,
        .wedge, .ticks, .diamond, .clock, .moon, .hangul, .scan, .spark, .pie, .orbit, .stack, .ascii, .pulse,
    ]

    /// The built-in style called `name` (``indicatif`` too).
    public static func named(_ name: String) -> SpinnerStyle? { (catalogue + [.indicatif]).first { $0.name == name } }
}
