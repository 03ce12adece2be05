/* CChildProcess: see include/CChildProcess.h. */
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct ikp_child_watch { pid_t pid; int fd; };

static void ikp_stop_forwarding_to(pid_t pid);

/* A plain thread (its signal mask the creator's, so the interruptions stay blocked in it)
   waits for the child, then writes its end — two ints — to the pipe and closes it. */
static void *ikp_child_waiter(void *argument) {
    struct ikp_child_watch watch = *(struct ikp_child_watch *)argument;
    free(argument);
    int status = 0, result[2] = {127, 0};
    pid_t got;
    /* Ended, not yet reaped: the interruptions stop going to it before its pid is free
       for another process to take. */
    siginfo_t ended;
    while (waitid(P_PID, (id_t)watch.pid, &ended, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
    ikp_stop_forwarding_to(watch.pid);
    do { got = waitpid(watch.pid, &status, 0); } while (got < 0 && errno == EINTR);
    if (got == watch.pid) {
        result[1] = WIFSIGNALED(status);
        result[0] = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
    }
    ssize_t w = write(watch.fd, result, sizeof result);
    (void)w;
    close(watch.fd);
    return NULL;
}

int ikp_watch_child(int pid) {
    int ends[2];
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    struct ikp_child_watch *watch = malloc(sizeof *watch);
    if (watch == NULL) { close(ends[0]); close(ends[1]); return -1; }
    watch->pid = (pid_t)pid;
    watch->fd = ends[1];
    pthread_t thread;
    if (pthread_create(&thread, NULL, ikp_child_waiter, watch) != 0) {
        free(watch);
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    pthread_detach(thread);
    return ends[0];
}

static volatile sig_atomic_t ikp_forward_target = 0;
static volatile sig_atomic_t ikp_forwarding_prepared = 0;
static int ikp_pipe_was_ignored = 0;
/* The actions SIGINT, SIGTERM and SIGHUP had before they were taken for forwarding. */
static struct sigaction ikp_previous_actions[NSIG];
static volatile sig_atomic_t ikp_interruption = 0;

static void ikp_stop_forwarding_to(pid_t pid) {
    if (ikp_forward_target == pid) ikp_forward_target = 0;
}

int ikp_interruption_received(void) { return ikp_interruption; }

int ikp_spawn(char *const argv[], int *out_fd, int *err_fd, int aside) {
    int out[2], err[2];
    if (pipe(out) != 0) return errno;
    if (pipe(err) != 0) { int e = errno; close(out[0]); close(out[1]); return e; }
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(err[0], F_SETFD, FD_CLOEXEC);
#ifdef F_SETPIPE_SZ
    /* A megabyte a pipe (Linux's most for anyone), not 64 KiB: a fast command's output then
       crosses in a sixteenth of the wake-ups. Where it is refused, the default stays. */
    fcntl(out[1], F_SETPIPE_SZ, 1 << 20);
    fcntl(err[1], F_SETPIPE_SZ, 1 << 20);
#endif
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    if (aside) posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    /* Nothing else of ours goes to the command: a descriptor we inherited (a pipe our own
       parent reads) must not be held open by a background child the command leaves. */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#else
    posix_spawn_file_actions_addclose(&actions, out[1]);
    posix_spawn_file_actions_addclose(&actions, err[1]);
    for (int fd = 3; fd < 256; fd++) {
        if (fd != out[1] && fd != err[1] && fcntl(fd, F_GETFD) >= 0 && !(fcntl(fd, F_GETFD) & FD_CLOEXEC)) {
            posix_spawn_file_actions_addclose(&actions, fd);
        }
    }
#endif
    /* The command starts with none blocked, in this process's group, so the terminal
       treats it as the foreground job it is. Handled signals fall back to their defaults
       by themselves; of those we ignore, only SIGPIPE is ours (put back unless it was
       ignored when we started). A signal ignored by whoever started us (`nohup`) stays
       ignored for the command too. */
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    if (!ikp_pipe_was_ignored) sigaddset(&defaults, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = 0;
    int result = posix_spawnp(&pid, argv[0], &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(out[1]);
    close(err[1]);
    if (result != 0) { close(out[0]); close(err[0]); return result; }
    /* From this instant, not from whenever the caller gets to it: a signal may come as soon
       as the command has started. */
    if (ikp_forwarding_prepared && !aside) ikp_forward_target = pid;
    *out_fd = out[0];
    *err_fd = err[0];
    return -(int)pid;  /* negative: the pid; positive: an errno */
}

/* One thread takes SIGINT, SIGTERM and SIGHUP with sigwaitinfo; every other thread has
   them blocked, so no handler ever interrupts the runtime's own threads. Signals another
   process sends go on to the command; those the terminal sends (Ctrl-C) reached the
   command already, as it shares our process group, so they are only swallowed here: we
   stay to report how the command ended. Before there is a command they end us as usual. */
static void *ikp_interruption_thread(void *unused) {
    (void)unused;
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    /* Once an interruption went on to the command, it has IKP_INTERRUPT_GRACE_SECONDS to
       end; one that ignores it is killed then. */
    int escalating = 0;
    struct timespec deadline = {0, 0};
    for (;;) {
        siginfo_t info;
        int number;
        if (escalating) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            long long left = (long long)(deadline.tv_sec - now.tv_sec) * 1000000000LL + (deadline.tv_nsec - now.tv_nsec);
            if (left <= 0) {
                pid_t still = ikp_forward_target;
                if (still != 0) kill(still, SIGKILL);
                escalating = 0;
                continue;
            }
            struct timespec wait = {(time_t)(left / 1000000000LL), (long)(left % 1000000000LL)};
            number = sigtimedwait(&wanted, &info, &wait);
        } else {
            number = sigwaitinfo(&wanted, &info);
        }
        if (number < 0) continue;
        pid_t target = ikp_forward_target;
        if (target == 0) {
            /* Its handler before ours (a cursor to restore) or its default. */
            sigaction(number, &ikp_previous_actions[number], NULL);
            sigset_t just;
            sigemptyset(&just);
            sigaddset(&just, number);
            pthread_sigmask(SIG_UNBLOCK, &just, NULL);
            raise(number);
        } else {
            if (info.si_code == SI_USER || info.si_code == SI_QUEUE || info.si_code == SI_TKILL) kill(target, number);
            /* A command that stopped itself takes the signal only once continued: it would
               otherwise wait stopped for good, and we with it. */
            kill(target, SIGCONT);
            if (ikp_interruption == 0) ikp_interruption = number;
            if (!escalating) {
                escalating = 1;
                clock_gettime(CLOCK_MONOTONIC, &deadline);
                deadline.tv_sec += IKP_INTERRUPT_GRACE_SECONDS;
            }
        }
    }
    return NULL;
}

/* Never runs (the signals are blocked in every thread and taken by sigwaitinfo): it marks
   them as handled, so that no one else (a cursor guard) takes them over and lets them in. */
static void ikp_taken_elsewhere(int sig) { (void)sig; }

void ikp_prepare_to_forward_interruptions(void) {
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    const int taken[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        struct sigaction marker;
        memset(&marker, 0, sizeof marker);
        sigemptyset(&marker.sa_mask);
        marker.sa_handler = ikp_taken_elsewhere;
        sigaction(taken[i], &marker, &ikp_previous_actions[taken[i]]);
    }
    /* Blocked here, so in every thread started from now on, including the runtime's. */
    pthread_sigmask(SIG_BLOCK, &wanted, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, ikp_interruption_thread, NULL) == 0) pthread_detach(thread);
    ikp_pipe_was_ignored = signal(SIGPIPE, SIG_IGN) == SIG_IGN;  /* a closed output is an error to report */
    ikp_forwarding_prepared = 1;
}

void ikp_forward_interruptions(int pid) {
    ikp_forward_target = pid;
}

void ikp_end_by_signal(int number) {
    /* This may run on a Dispatch thread, which blocks signals: let this one through. */
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, number);
    pthread_sigmask(SIG_UNBLOCK, &just, NULL);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(number, &dfl, NULL);
    raise(number);
}
