// The public harness's `.endsIdle` trait, for the kit's own tests too.
@_exported import TUITesting
