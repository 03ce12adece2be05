import Widgets

/// The examples' timer: their `on_tick` every 250 ms of `clock` (a `LiveScheduler` when run,
/// a `VirtualScheduler` in the tests), each followed by a new frame. Where tui's loop polls
/// the keyboard with a timeout to fit its ticks in, a port only says what a tick does.
@MainActor
final class Ticks {
    private var work: ScheduledWork?
    private var host = HostLink()

    init(clock: any Scheduler, every interval: Duration = .milliseconds(250), _ onTick: @escaping @MainActor () -> Void) {
        work = clock.scheduleRepeating(every: interval) { [weak self] in
            onTick()
            self?.host.request(nil)
        }
    }

    /// Notes the host drawing the example (call it while rendering), for the frames to come.
    func note() { host.note() }

    isolated deinit { work?.cancel() }
}
