/* CTerminalIO: see include/CTerminalIO.h. */
#include "CTerminalIO.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int ik_line_columns(int fd) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 0;
}

void ik_line_window_pixels(int fd, int *width, int *height) {
    struct winsize ws;
    *width = 0;
    *height = 0;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) {
        *width = ws.ws_xpixel;
        *height = ws.ws_ypixel;
    }
}

void ik_line_window_cells(int fd, int *columns, int *rows) {
    struct winsize ws;
    *columns = 0;
    *rows = 0;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) {
        *columns = ws.ws_col;
        *rows = ws.ws_row;
    }
}

static int guard_fd = -1;
static const char guard_bytes[] = "\r\033[2K\033[?25h";
static const char hide_cursor_bytes[] = "\033[?25l";

int ik_line_write_within(int fd, const char *bytes, size_t len, int ms, int discard) {
    if (fd < 0) return 0;
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    if (discard) tcflush(fd, TCOFLUSH);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, bytes + done, len - done);
        if (w > 0) { done += (size_t)w; continue; }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) break;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed >= ms) break;
        if (discard) tcflush(fd, TCOFLUSH);
        struct pollfd p = {fd, POLLOUT, 0};
        long wait = ms - elapsed;
        poll(&p, 1, wait < 10 ? (int)wait : 10);
    }
    if (flags >= 0) fcntl(fd, F_SETFL, flags);
    return done == len;
}

void ik_signal_handle(int sig, void (*handler)(int), int flags, struct sigaction *saved) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = handler;
    sa.sa_flags = flags;
    sigaction(sig, &sa, saved);
}

/* Whether `sig`'s handler is the Swift runtime's crash handler: the one it installs on
   SIGSEGV and SIGBUS too (SIGQUIT, SIGABRT, …: a backtrace, then a 30-second prompt on the
   terminal). A program's own handler for a signal it means to take is never also its SIGSEGV
   (or, for SIGSEGV, its SIGBUS) handler. */
static int is_runtime_crash_handler(int sig) {
    int fault = sig == SIGSEGV ? SIGBUS : SIGSEGV;  /* it takes both */
    struct sigaction now, other;
    if (sigaction(sig, NULL, &now) != 0 || sigaction(fault, NULL, &other) != 0) return 0;
    return (now.sa_flags & SA_SIGINFO) && (other.sa_flags & SA_SIGINFO) && now.sa_sigaction == other.sa_sigaction;
}

int ik_signal_at_default(int sig) {
    struct sigaction now;
    if (sigaction(sig, NULL, &now) != 0) return 0;
    if (!(now.sa_flags & SA_SIGINFO)) return now.sa_handler == SIG_DFL;
    return is_runtime_crash_handler(sig);
}

void ik_signal_raise_default(int sig) {
    ik_signal_handle(sig, SIG_DFL, 0, NULL);
    raise(sig);
}

/* Counts continues; a stop that left it as it was was discarded by the kernel. */
static volatile sig_atomic_t continues = 0;

void ik_signal_note_continued(void) { continues = continues + 1; }

void ik_stop_self(void) {
    /* The calling thread may block SIGTSTP (threads started for other work do): let it in. */
    sigset_t just, old;
    sigemptyset(&just);
    sigaddset(&just, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &just, &old);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int ik_signal_stop_now(void) {
    sig_atomic_t before = continues;
    ik_signal_handle(SIGTSTP, SIG_DFL, 0, NULL);
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &just, NULL);
    raise(SIGTSTP); /* stops here until SIGCONT, whose handler runs before raise returns */
    /* Unchanged: never stopped (an orphaned process group). Should the continue's handler
       yet be running on another thread, the caller's taking back is done twice: harmless. */
    return continues != before;
}

/* The indicator block the cursor ends: its rows as last drawn (-1: not told, so the cursor's
   line is the indicator's), and whether it is cleared rather than left on a signal. */
static volatile sig_atomic_t guard_rows = -1;
static volatile sig_atomic_t guard_clears = 0;

void ik_line_note_block(int fd, int rows, int clears) {
    if (fd != guard_fd) return;
    guard_clears = clears;
    guard_rows = rows;
}

int ik_line_noted_rows(int fd) { return fd == guard_fd ? guard_rows : -2; }

size_t ik_line_ending_bytes(int rows, int clears, char *out, size_t capacity) {
    /* Async-signal-safe: no stdio, the number written by hand. */
    char text[64];
    size_t n = 0;
    if (rows < 0) {
        memcpy(text, "\r\033[2K", 5);  /* the cursor's line */
        n = 5;
    } else if (rows > 0 && clears) {
        text[n++] = '\r';
        if (rows > 1) {
            char digits[12];
            int count = 0;
            for (int up = rows - 1; up > 0 && count < 11; up /= 10) digits[count++] = (char)('0' + up % 10);
            text[n++] = '\033';
            text[n++] = '[';
            while (count > 0) text[n++] = digits[--count];
            text[n++] = 'A';
        }
        memcpy(text + n, "\033[J", 3);
        n += 3;
    } else if (rows > 0) {
        text[n++] = '\r';
        text[n++] = '\n';
    }
    memcpy(text + n, "\033[?25h", 6);
    n += 6;
    if (n > capacity) n = capacity;
    memcpy(out, text, n);
    return n;
}

/* Whether ik_line_quiet_control_echo turned ECHOCTL off on guard_fd's terminal. */
static volatile sig_atomic_t control_echo_quieted = 0;

/* ECHOCTL on (`on`) or off on `fd`'s terminal, the rest as it is. Async-signal-safe. */
static void set_control_echo(int fd, int on) {
    struct termios modes;
    if (fd < 0 || tcgetattr(fd, &modes) != 0) return;
    if (on) modes.c_lflag |= ECHOCTL; else modes.c_lflag &= ~(tcflag_t)ECHOCTL;
    tcsetattr(fd, TCSANOW, &modes);
}

void ik_line_quiet_control_echo(int fd, int quiet) {
    if (fd < 0 || !isatty(fd)) return;
    if (quiet && !control_echo_quieted) {
        struct termios modes;
        if (tcgetattr(fd, &modes) != 0 || !(modes.c_lflag & ECHOCTL)) return;  /* nothing to quiet */
        control_echo_quieted = 1;
        set_control_echo(fd, 0);
    } else if (!quiet && control_echo_quieted) {
        control_echo_quieted = 0;
        set_control_echo(fd, 1);
    }
}

static void on_guard_signal(int sig) {
    if (control_echo_quieted) set_control_echo(guard_fd, 1);
    char ending[64];
    size_t n = ik_line_ending_bytes(guard_rows, guard_clears, ending, sizeof ending);
    ik_line_write_within(guard_fd, ending, n, 500, 0);
    ik_signal_raise_default(sig);
}

static void on_guard_continue(int sig);

/* Ctrl-Z: show the cursor, then stop as SIGTSTP does by default; on `fg`, hide it again
   (the indicator draws its lines on its next frame). */
static void on_guard_stop(int sig) {
    (void)sig;
    int saved = errno;
    if (control_echo_quieted) set_control_echo(guard_fd, 1);  /* the shell's, while stopped */
    ik_line_write_within(guard_fd, guard_bytes, sizeof guard_bytes - 1, 500, 0);
    if (!ik_signal_stop_now()) on_guard_continue(SIGCONT);
    errno = saved;
}

static void on_guard_continue(int sig) {
    (void)sig;
    int saved = errno;
    ik_signal_note_continued();
    ik_signal_handle(SIGTSTP, on_guard_stop, SA_RESTART, NULL);
    if (guard_fd >= 0) {
        ssize_t w = write(guard_fd, hide_cursor_bytes, sizeof hide_cursor_bytes - 1);
        (void)w;
        if (control_echo_quieted) set_control_echo(guard_fd, 0);
    }
    errno = saved;
}

/* Whether `sig` still has its default action or this file's handler (nobody else handles
   or ignores it). */
static int is_default(int sig) {
    struct sigaction now;
    if (sigaction(sig, NULL, &now) != 0) return 0;
    if (now.sa_flags & SA_SIGINFO) return is_runtime_crash_handler(sig);
    return now.sa_handler == SIG_DFL || now.sa_handler == on_guard_signal || now.sa_handler == on_guard_stop;
}

void ik_line_restore_cursor_on_signals(int fd, int only_unhandled) {
    guard_fd = fd;
    /* The signals given a handler here must be able to arrive: a mask inherited from whoever
       started us may block them. Only those: a signal someone else handles stays as they
       set it (a supervisor that takes SIGINT on a thread of its own keeps it blocked here). */
    sigset_t handled;
    sigemptyset(&handled);
    const int ending[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) {
        if (!only_unhandled || is_default(ending[i])) {
            ik_signal_handle(ending[i], on_guard_signal, 0, NULL);
            sigaddset(&handled, ending[i]);
        }
    }
    if (!only_unhandled || is_default(SIGTSTP)) {
        ik_signal_handle(SIGTSTP, on_guard_stop, SA_RESTART, NULL);
        ik_signal_handle(SIGCONT, on_guard_continue, SA_RESTART, NULL);
        sigaddset(&handled, SIGTSTP);
        sigaddset(&handled, SIGCONT);
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}


static volatile sig_atomic_t drawing = 0;
#ifdef __linux__
static volatile pid_t drawing_thread = 0;
static pid_t this_thread(void) { return (pid_t)syscall(SYS_gettid); }
static _Thread_local pid_t own_id = 0;
#endif
static _Thread_local int endings_let_in = 0;

/* Once a thread: the endings let in and its id looked up; a frame after that costs two stores. */
void ik_draw_begin(void) {
    if (!endings_let_in) {
#ifdef __linux__
        own_id = this_thread();
#endif
        sigset_t endings;
        sigemptyset(&endings);
        sigaddset(&endings, SIGINT);
        sigaddset(&endings, SIGTERM);
        sigaddset(&endings, SIGHUP);
        sigaddset(&endings, SIGQUIT);
        pthread_sigmask(SIG_UNBLOCK, &endings, NULL);
        endings_let_in = 1;
    }
#ifdef __linux__
    drawing_thread = own_id;
#endif
    drawing = 1;
}

void ik_draw_end(void) { drawing = 0; }

int ik_signal_forward_to_drawing_thread(int sig) {
#ifdef __linux__
    pid_t target = drawing_thread;
    if (!drawing || target == 0 || target == this_thread()) return 0;
    /* By thread id, not pthread_t: a thread gone since is an error (ESRCH), never a crash. */
    return syscall(SYS_tgkill, getpid(), target, sig) == 0;
#else
    (void)sig;
    return 0;
#endif
}
