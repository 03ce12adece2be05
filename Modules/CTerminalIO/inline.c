/* CTerminalIO: an inline app's hold on its terminal; see include/CTerminalIO.h. */
#include "CTerminalIO.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int inline_fd = -1;
static int inline_pipe[2] = {-1, -1};
static struct termios inline_saved, inline_raw;

/* Two copies of the signal bytes: the one not in use is written, then made the one in use,
   so a signal arriving meanwhile writes a whole version, old or new. */
enum { ENDING_CAPACITY = 16384 };
static char endings[2][ENDING_CAPACITY], stops[2][ENDING_CAPACITY];
static size_t ending_lens[2], stop_lens[2];
static volatile sig_atomic_t current_endings = 0;

static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { ENDING_COUNT = sizeof ending_signals / sizeof ending_signals[0] };
static struct sigaction saved_ending[ENDING_COUNT], saved_tstp, saved_cont, saved_winch;
static int taken_ending[ENDING_COUNT], taken_stop;

static void tell(char what) {
    if (inline_pipe[1] >= 0) {
        ssize_t w = write(inline_pipe[1], &what, 1);
        (void)w;
    }
}

static void on_ending(int sig) {
    if (ik_signal_forward_to_drawing_thread(sig)) return;  /* its blocked write is interrupted there */
    int which = current_endings;
    ik_line_write_within(inline_fd, endings[which], ending_lens[which], 500, 1);
    tcsetattr(inline_fd, TCSANOW, &inline_saved);
    ik_signal_raise_default(sig);
}

static void on_stop(int sig);

static void on_continue(int sig) {
    (void)sig;
    int saved = errno;
    ik_signal_note_continued();
    ik_signal_handle(SIGTSTP, on_stop, SA_RESTART, NULL);
    tcsetattr(inline_fd, TCSADRAIN, &inline_raw);
    tell('c');
    errno = saved;
}

static void on_stop(int sig) {
    (void)sig;
    int saved = errno;
    int which = current_endings;
    ik_line_write_within(inline_fd, stops[which], stop_lens[which], 500, 0);
    tcsetattr(inline_fd, TCSANOW, &inline_saved);
    if (!ik_signal_stop_now()) on_continue(SIGCONT);  /* no job control: taken back at once */
    errno = saved;
}

static void on_winch(int sig) {
    (void)sig;
    int saved = errno;
    tell('w');
    errno = saved;
}

int ik_inline_begin(int fd) {
    if (inline_fd >= 0) {
        errno = EBUSY;
        return -1;
    }
    if (tcgetattr(fd, &inline_saved) != 0) return -1;
    inline_raw = inline_saved;
    inline_raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    inline_raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    inline_raw.c_cflag |= CS8;
    inline_raw.c_cc[VMIN] = 1;
    inline_raw.c_cc[VTIME] = 0;
    if (pipe(inline_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(inline_pipe[i], F_SETFL, fcntl(inline_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(inline_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    if (tcsetattr(fd, TCSADRAIN, &inline_raw) != 0) {
        int e = errno;
        close(inline_pipe[0]);
        close(inline_pipe[1]);
        inline_pipe[0] = inline_pipe[1] = -1;
        errno = e;
        return -1;
    }
    inline_fd = fd;
    current_endings = 0;
    ending_lens[0] = ending_lens[1] = stop_lens[0] = stop_lens[1] = 0;
    sigset_t handled;
    sigemptyset(&handled);
    for (int i = 0; i < ENDING_COUNT; i++) {
        taken_ending[i] = ik_signal_at_default(ending_signals[i]);
        if (taken_ending[i]) {
            ik_signal_handle(ending_signals[i], on_ending, SA_RESTART, &saved_ending[i]);
            sigaddset(&handled, ending_signals[i]);
        }
    }
    taken_stop = ik_signal_at_default(SIGTSTP);
    if (taken_stop) {
        ik_signal_handle(SIGTSTP, on_stop, SA_RESTART, &saved_tstp);
        ik_signal_handle(SIGCONT, on_continue, SA_RESTART, &saved_cont);
        sigaddset(&handled, SIGTSTP);
        sigaddset(&handled, SIGCONT);
    }
    ik_signal_handle(SIGWINCH, on_winch, SA_RESTART, &saved_winch);
    sigaddset(&handled, SIGWINCH);
    /* The thread that draws must be able to take them: a mask inherited from whoever
       started us may block them. */
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return inline_pipe[0];
}

static void copy_into(char *to, size_t *len, const char *from, size_t from_len) {
    if (from_len > ENDING_CAPACITY) from_len = ENDING_CAPACITY;
    memcpy(to, from, from_len);
    *len = from_len;
}

void ik_inline_set_endings(const char *ending, size_t ending_len, const char *stop, size_t stop_len) {
    int next = 1 - current_endings;
    copy_into(endings[next], &ending_lens[next], ending, ending_len);
    copy_into(stops[next], &stop_lens[next], stop, stop_len);
    current_endings = next;
}

int ik_inline_drain(void) {
    int told = 0;
    char drain[64];
    ssize_t n;
    while (inline_pipe[0] >= 0 && (n = read(inline_pipe[0], drain, sizeof drain)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            if (drain[i] == 'w') told |= 1;
            else if (drain[i] == 'c') told |= 2;
            else told |= 4;
        }
    }
    return told;
}

void ik_inline_wake(void) { tell('i'); }

void ik_inline_suspend(void) { ik_stop_self(); }

void ik_inline_end(void) {
    if (inline_fd < 0) return;
    for (int i = 0; i < ENDING_COUNT; i++) {
        if (taken_ending[i]) sigaction(ending_signals[i], &saved_ending[i], NULL);
    }
    if (taken_stop) {
        sigaction(SIGTSTP, &saved_tstp, NULL);
        sigaction(SIGCONT, &saved_cont, NULL);
    }
    sigaction(SIGWINCH, &saved_winch, NULL);
    tcsetattr(inline_fd, TCSADRAIN, &inline_saved);
    close(inline_pipe[1]);
    inline_pipe[0] = inline_pipe[1] = -1;  /* the read end is the caller's to close */
    inline_fd = -1;
}

size_t ik_inline_ending_capacity(void) { return ENDING_CAPACITY; }
