/// One running activity of a ``LoadingCenter``. End it once when the work is done; ending
/// it again does nothing.
@MainActor
public final class LoadingHandle {
    /// The activity's number within its center.
    public let id: Int
    private weak var center: LoadingCenter?
    /// Whether ``end()`` was called.
    public private(set) var isEnded = false

    init(id: Int, center: LoadingCenter) {
        self.id = id
        self.center = center
    }

    /// Ends the activity. Safe to call any number of times.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        center?.finish(id)
    }

    /// Reports progress (0…1) and a short message, shown as a bar in the overlay.
    public func report(progress: Double, message: String? = nil) {
        guard !isEnded else { return }
        center?.report(id, progress: progress, message: message)
    }
}
