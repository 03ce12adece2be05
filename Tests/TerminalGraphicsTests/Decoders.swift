import Foundation
import GifSamples
import IndicatorKit
import TestSupport

@testable import TerminalGraphics

/// What a terminal would make of the bytes we send: the decoders the tests read them back with.
enum Decoders {
    /// The kitty commands in `text`: each one's keys and its whole payload (chunks joined).
    static func kittyCommands(_ text: String) -> [(keys: [String: String], payload: [UInt8])] { KittyCommands.parse(text) }

    /// PSNR of `decoded` against `original` over the original's opaque pixels (dB).
    static func psnr(_ decoded: RGBAImage, _ original: RGBAImage) -> Double {
        RasterFidelity.psnr(of: decoded, against: original)
    }

    /// A photo-like picture (GifSamples').
    static func photo(width: Int = 320, height: Int = 240) -> RGBAImage { GifSamples.photoLike(width: width, height: height) }
}
