import ViewCore

/// Four loading images ("wand and rays", "wand and stars" and their
/// inverses) drawn as 16×16 pixel art for the terminal, shown in turn every 0.3 s by
/// ``cycle``. An inverse swaps the wand's and the light's colours (a gold wand
/// casting violet light), so the four stay distinct while only the symbol changes: no
/// filled square flashes between them.
package enum WandImages {
    /// The animation: the four images, 0.3 s each, round and round.
    package static let cycle = ImageCycle(all, interval: interval)

    /// The four images, in the order they show.
    package static let all: [RGBAImage] = [
        image(wandAndRays, inverse: false), image(wandAndRays, inverse: true),
        image(wandAndStars, inverse: false), image(wandAndStars, inverse: true),
    ]

    /// How long each image shows.
    package static let interval: Duration = .milliseconds(300)

    // `#` wand, `*` light (rays or stars), `.` empty.
    private static let wandAndRays = [
        "..........*.....",
        "......*...*...*.",
        ".......*..*..*..",
        "........*...*...",
        ".....**.......**",
        "..........#.....",
        "........*#.*....",
        ".......##.......",
        "......##........",
        ".....##.........",
        "....##..........",
        "...##...........",
        "..##............",
        ".##.............",
        "##..............",
        "#...............",
    ]
    private static let wandAndStars = [
        "...........*....",
        "..*.......***...",
        ".***.......*....",
        "..*.....*.......",
        "...........*....",
        "..........#..*..",
        ".........#......",
        "....*...#.......",
        "...***.##.......",
        "....*.##........",
        ".....##.........",
        "....##......*...",
        "...##......***..",
        "..##........*...",
        ".##.............",
        "##..............",
    ]

    private static func image(_ rows: [String], inverse: Bool) -> RGBAImage {
        // A violet wand: it reads on a light terminal's white as on a dark one's black (the
        // pale blue-white of before all but vanished on white: contrast 1.2 against 4.5).
        let wand = RGBA(124, 104, 230)
        let light = RGBA(255, 200, 60)
        var image = RGBAImage(width: 16, height: 16)
        for (y, row) in rows.enumerated() {
            for (x, mark) in row.enumerated() {
                let pixel: RGBA
                switch mark {
                case "#": pixel = inverse ? light : wand
                case "*": pixel = inverse ? wand : light
                default: pixel = .clear
                }
                image[x, y] = pixel
            }
        }
        return image
    }
}

extension ImageCycle {
    /// The kit's own loading animation: a wand casting light, in four 16×16 pictures shown
    /// in turn every 0.3 s (the loading overlay's default page animation).
    public static let wand = WandImages.cycle
}
