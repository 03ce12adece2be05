import Foundation
import Pixels

/// kitty's graphics protocol (also Ghostty's, WezTerm's, Konsole's): an image is sent once,
/// as RGBA compressed with zlib, under an id, then placed in cells by id; the terminal scales
/// it to the cells and keeps it until it is deleted. Animation frames are sent to the image
/// and the terminal plays them with their own gaps.
///
/// ```swift
/// output(KittyGraphics.transmit(photo, id: 7))
/// output(KittyGraphics.place(id: 7, columns: 40, rows: 12))
/// ```
public enum KittyGraphics {
    /// The largest payload of one escape sequence, as the protocol asks.
    static let chunk = 4096

    /// Sends `image` under `id` (1…2³²−1), not yet shown; `q=2` keeps the terminal quiet.
    public static func transmit(_ image: RGBAImage, id: UInt32) -> String {
        command("a=t,f=32,o=z,s=\(image.width),v=\(image.height),i=\(id),q=2", payload: Deflate.compress(image.pixels))
    }

    /// Sends `image` and shows it at the cursor over `columns` × `rows` cells (scaled to
    /// them), the cursor left where it was.
    public static func display(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> String {
        command("a=T,f=32,o=z,s=\(image.width),v=\(image.height),i=\(id),c=\(columns),r=\(rows),C=1,q=2", payload: Deflate.compress(image.pixels))
    }

    /// Shows image `id` at the cursor over `columns` × `rows` cells, as placement
    /// `placement` (placing it again under the same one moves it), the cursor left where it was.
    public static func place(id: UInt32, placement: UInt32 = 1, columns: Int, rows: Int, zIndex: Int32 = 0, source: Rect? = nil) -> String {
        let part = source.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
        return "\u{1B}_Ga=p,i=\(id),p=\(placement),c=\(columns),r=\(rows)\(part),z=\(zIndex),C=1,q=2\u{1B}\\"
    }

    /// Places image `id` virtually over `columns` × `rows` cells: it shows wherever the text
    /// holds its ``KittyPlaceholder`` cells (kitty 0.28 and later).
    public static func placeVirtually(id: UInt32, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2\u{1B}\\"
    }

    /// Deletes image `id` and its placements, freeing the terminal's memory.
    public static func delete(id: UInt32) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
    }

    /// Deletes one placement of image `id`, keeping the image.
    public static func deletePlacement(id: UInt32, placement: UInt32) -> String {
        "\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\"
    }

    /// Adds `frame` (the image's size) to image `id` as its next animation frame, shown for
    /// `gap` before the next.
    public static func addFrame(_ frame: RGBAImage, to id: UInt32, gap: Duration) -> String {
        command("a=f,f=32,o=z,s=\(frame.width),v=\(frame.height),i=\(id),z=\(max(1, gap.milliseconds)),q=2", payload: Deflate.compress(frame.pixels))
    }

    /// Sets the gap of image `id`'s first frame (the image itself), which `transmit` sends.
    public static func setFirstFrameGap(of id: UInt32, gap: Duration) -> String {
        "\u{1B}_Ga=a,i=\(id),r=1,z=\(max(1, gap.milliseconds)),q=2\u{1B}\\"
    }

    /// Runs image `id`'s animation, looping `loops` times (0: for ever), or stops it.
    public static func animate(id: UInt32, running: Bool, loops: Int = 0) -> String {
        "\u{1B}_Ga=a,i=\(id),s=\(running ? 3 : 1),v=\(running ? loops + 1 : 0),q=2\u{1B}\\"
    }

    /// Shows frame `frame` (1-based) of image `id` and stops there.
    public static func showFrame(id: UInt32, frame: Int) -> String {
        "\u{1B}_Ga=a,i=\(id),s=1,c=\(frame),q=2\u{1B}\\"
    }

    /// The query a terminal with the protocol answers (`ESC _ G i=31;OK ESC \`), about an
    /// image it is not asked to keep.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

    /// `keys` and `payload` as escape sequences of at most ``chunk`` base64 bytes each. Each
    /// later chunk repeats the action and the quiet level: kitty takes a chunk without `a=` as
    /// a transmit's, so an animation frame sent without them replaced frame 2 instead of
    /// being added (and a GIF froze after its first loop), in 0.26 and 0.41 alike.
    static func command(_ keys: String, payload: [UInt8]) -> String {
        let encoded = Array(Data(payload).base64EncodedString().utf8)
        guard encoded.count > chunk else { return "\u{1B}_G\(keys);\(String(decoding: encoded, as: UTF8.self))\u{1B}\\" }
        let repeated = keys.split(separator: ",").filter { $0.hasPrefix("a=") || $0.hasPrefix("q=") }.map { $0 + "," }.joined()
        var out = ""
        var offset = 0
        while offset < encoded.count {
            let end = min(encoded.count, offset + chunk)
            let more = end < encoded.count ? 1 : 0
            let part = String(decoding: encoded[offset..<end], as: UTF8.self)
            out += offset == 0 ? "\u{1B}_G\(keys),m=\(more);\(part)\u{1B}\\" : "\u{1B}_G\(repeated)m=\(more);\(part)\u{1B}\\"
            offset = end
        }
        return out
    }
}

/// iTerm2's inline images (OSC 1337; also WezTerm's and mintty's): a PNG file shown at the
/// cursor over a box of cells.
public enum ITermImage {
    /// `image` as an inline image `columns` × `rows` cells (stretched to them; the caller
    /// keeps the proportions), the cursor moved past it as the terminal does.
    public static func display(_ image: RGBAImage, columns: Int, rows: Int) -> String {
        let png = PNGFile.encode(image)
        return "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:"
            + Data(png).base64EncodedString() + "\u{07}"
    }
}
