// TUICore's values for pictures, frames and geometry live in Pixels, under the decoders;
// every TUICore user has them as before.
@_exported import Pixels
