/* CTerminalIO: an app's hold on its terminal, inline or full screen; see include/CTerminalIO.h. */
#include "CTerminalIO.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int hold_fd = -1;
static int hold_pipe[2] = {-1, -1};
static struct termios hold_saved, hold_raw;

/* Two copies of the signal bytes: the one not in use is written, then made the one in use,
   so a signal arriving meanwhile writes a whole version, old or new. */
enum { ENDING_CAPACITY = 16384 };
static char endings[2][ENDING_CAPACITY], stops[2][ENDING_CAPACITY], resumes[2][ENDING_CAPACITY];
static size_t ending_lens[2], stop_lens[2], resume_lens[2];
static volatile sig_atomic_t current_endings = 0;

static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { ENDING_COUNT = sizeof ending_signals / sizeof ending_signals[0] };
/* A program's faults: the terminal is given back before whoever reports them (Swift's crash
   handler prints its backtrace on a terminal that shows it). */
static const int fault_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
enum { FAULT_COUNT = sizeof fault_signals / sizeof fault_signals[0] };
static struct sigaction saved_ending[ENDING_COUNT], saved_fault[FAULT_COUNT], saved_tstp, saved_cont, saved_winch;
static int taken_ending[ENDING_COUNT], taken_fault[FAULT_COUNT], taken_stop;

static void tell(char what) {
    if (hold_pipe[1] >= 0) {
        ssize_t w = write(hold_pipe[1], &what, 1);
        (void)w;
    }
}

static void on_ending(int sig) {
    if (ik_signal_forward_to_drawing_thread(sig)) return;  /* its blocked write is interrupted there */
    int which = current_endings;
    ik_line_write_within(hold_fd, endings[which], ending_lens[which], 500, 1);
    tcsetattr(hold_fd, TCSANOW, &hold_saved);
    ik_signal_raise_default(sig);
}

/* Gives the terminal back, then the fault to the handler it had. A fault of the program's
   own (a bad pointer, a trap) faults again once this returns, now in the handler it had
   (Swift's crash report, shown on a terminal given back; or the default, a core). A fault
   signal sent by someone (kill, abort) would not come again: the process ends by it now. */
static void on_fault(int sig, siginfo_t *info, void *context) {
    (void)context;
    int which = current_endings;
    ik_line_write_within(hold_fd, endings[which], ending_lens[which], 500, 1);
    tcsetattr(hold_fd, TCSANOW, &hold_saved);
    for (int i = 0; i < FAULT_COUNT; i++) {
        if (fault_signals[i] == sig) sigaction(sig, &saved_fault[i], NULL);
    }
    if (info == NULL || info->si_code <= 0) ik_signal_raise_default(sig);  /* SI_USER, SI_TKILL, SI_QUEUE */
}

static void on_stop(int sig);

static void on_continue(int sig) {
    (void)sig;
    int saved = errno;
    ik_signal_note_continued();
    ik_signal_handle(SIGTSTP, on_stop, SA_RESTART, NULL);
    tcsetattr(hold_fd, TCSADRAIN, &hold_raw);
    tell('c');
    errno = saved;
}

static void on_stop(int sig) {
    (void)sig;
    int saved = errno;
    int which = current_endings;
    ik_line_write_within(hold_fd, stops[which], stop_lens[which], 500, 0);
    tcsetattr(hold_fd, TCSANOW, &hold_saved);
    if (!ik_signal_stop_now()) on_continue(SIGCONT);  /* no job control: taken back at once */
    /* Continued: the app's screen and modes entered again before the thread it interrupted
       writes another byte, so what it writes lands where it belongs. */
    which = current_endings;
    if (resume_lens[which] > 0) ik_line_write_within(hold_fd, resumes[which], resume_lens[which], 500, 0);
    errno = saved;
}

static void on_winch(int sig) {
    (void)sig;
    int saved = errno;
    tell('w');
    errno = saved;
}

int ik_hold_begin(int fd) {
    if (hold_fd >= 0) {
        errno = EBUSY;
        return -1;
    }
    if (tcgetattr(fd, &hold_saved) != 0) return -1;
    hold_raw = hold_saved;
    hold_raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    hold_raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    hold_raw.c_cflag |= CS8;
    hold_raw.c_cc[VMIN] = 1;
    hold_raw.c_cc[VTIME] = 0;
    if (pipe(hold_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(hold_pipe[i], F_SETFL, fcntl(hold_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(hold_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    if (tcsetattr(fd, TCSADRAIN, &hold_raw) != 0) {
        int e = errno;
        close(hold_pipe[0]);
        close(hold_pipe[1]);
        hold_pipe[0] = hold_pipe[1] = -1;
        errno = e;
        return -1;
    }
    hold_fd = fd;
    current_endings = 0;
    ending_lens[0] = ending_lens[1] = stop_lens[0] = stop_lens[1] = resume_lens[0] = resume_lens[1] = 0;
    sigset_t handled;
    sigemptyset(&handled);
    for (int i = 0; i < ENDING_COUNT; i++) {
        taken_ending[i] = ik_signal_at_default(ending_signals[i]);
        if (taken_ending[i]) {
            ik_signal_handle(ending_signals[i], on_ending, SA_RESTART, &saved_ending[i]);
            sigaddset(&handled, ending_signals[i]);
        }
    }
    /* Which faults to take is read for all before any is taken: the runtime's crash handler
       is known by its being SIGSEGV's too. */
    for (int i = 0; i < FAULT_COUNT; i++) taken_fault[i] = ik_signal_at_default(fault_signals[i]);
    for (int i = 0; i < FAULT_COUNT; i++) {
        if (taken_fault[i]) {
            struct sigaction fault;
            memset(&fault, 0, sizeof fault);
            sigemptyset(&fault.sa_mask);
            fault.sa_sigaction = on_fault;
            fault.sa_flags = SA_SIGINFO | SA_ONSTACK;  /* a stack overflow's fault runs on the alternate stack, where there is one */
            sigaction(fault_signals[i], &fault, &saved_fault[i]);
            sigaddset(&handled, fault_signals[i]);
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
    return hold_pipe[0];
}

static void copy_into(char *to, size_t *len, const char *from, size_t from_len) {
    if (from_len > ENDING_CAPACITY) from_len = ENDING_CAPACITY;
    memcpy(to, from, from_len);
    *len = from_len;
}

void ik_hold_set_endings(const char *ending, size_t ending_len, const char *stop, size_t stop_len, const char *resume, size_t resume_len) {
    int next = 1 - current_endings;
    copy_into(endings[next], &ending_lens[next], ending, ending_len);
    copy_into(stops[next], &stop_lens[next], stop, stop_len);
    copy_into(resumes[next], &resume_lens[next], resume, resume_len);
    current_endings = next;
}

int ik_hold_drain(void) {
    int told = 0;
    char drain[64];
    ssize_t n;
    while (hold_pipe[0] >= 0 && (n = read(hold_pipe[0], drain, sizeof drain)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            if (drain[i] == 'w') told |= 1;
            else if (drain[i] == 'c') told |= 2;
            else told |= 4;
        }
    }
    return told;
}

void ik_hold_wake(void) { tell('i'); }

void ik_hold_suspend(void) { ik_stop_self(); }

void ik_hold_end(void) {
    if (hold_fd < 0) return;
    for (int i = 0; i < ENDING_COUNT; i++) {
        if (taken_ending[i]) sigaction(ending_signals[i], &saved_ending[i], NULL);
    }
    for (int i = 0; i < FAULT_COUNT; i++) {
        if (taken_fault[i]) sigaction(fault_signals[i], &saved_fault[i], NULL);
    }
    if (taken_stop) {
        sigaction(SIGTSTP, &saved_tstp, NULL);
        sigaction(SIGCONT, &saved_cont, NULL);
    }
    sigaction(SIGWINCH, &saved_winch, NULL);
    tcsetattr(hold_fd, TCSADRAIN, &hold_saved);
    close(hold_pipe[1]);
    hold_pipe[0] = hold_pipe[1] = -1;  /* the read end is the caller's to close */
    hold_fd = -1;
}

size_t ik_hold_ending_capacity(void) { return ENDING_CAPACITY; }
