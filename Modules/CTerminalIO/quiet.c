/* CTerminalIO: a terminal kept quiet while a picture is written; see include/CTerminalIO.h. */
#include "CTerminalIO.h"

#include <errno.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t quiet_fd = -1;
static struct termios quiet_saved;
static const int quiet_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { QUIET_SIGNAL_COUNT = sizeof quiet_signals / sizeof quiet_signals[0] };
static struct sigaction quiet_old[QUIET_SIGNAL_COUNT];
static int quiet_taken[QUIET_SIGNAL_COUNT];

/* Async-signal-safe: the echo back, then the signal as it would have been. */
static void on_quiet_signal(int sig) {
    if (quiet_fd >= 0) tcsetattr(quiet_fd, TCSANOW, &quiet_saved);
    ik_signal_raise_default(sig);
}

int ik_quiet_begin(int fd) {
    if (quiet_fd >= 0) {
        errno = EBUSY;
        return -1;
    }
    if (tcgetattr(fd, &quiet_saved) != 0) return -1;
    struct termios quiet = quiet_saved;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    quiet_fd = fd;
    for (int i = 0; i < QUIET_SIGNAL_COUNT; i++) {
        quiet_taken[i] = ik_signal_at_default(quiet_signals[i]);
        if (quiet_taken[i]) ik_signal_handle(quiet_signals[i], on_quiet_signal, SA_RESTART, &quiet_old[i]);
    }
    if (tcsetattr(fd, TCSANOW, &quiet) != 0) {
        int e = errno;
        ik_quiet_end(0);
        errno = e;
        return -1;
    }
    return 0;
}

void ik_quiet_end(int discard_typed) {
    int fd = quiet_fd;
    if (fd < 0) return;
    if (discard_typed) tcflush(fd, TCIFLUSH);
    tcsetattr(fd, TCSANOW, &quiet_saved);
    quiet_fd = -1;
    for (int i = 0; i < QUIET_SIGNAL_COUNT; i++) {
        if (quiet_taken[i]) sigaction(quiet_signals[i], &quiet_old[i], NULL);
    }
}
