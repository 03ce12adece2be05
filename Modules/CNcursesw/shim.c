/* CNcursesw: see include/CNcursesw.h. */
#include "CNcursesw.h"
#include "CTerminalIO.h"

#include <curses.h>
#include <term.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>


static SCREEN *ik_screen = NULL;
static FILE *ik_in = NULL, *ik_out = NULL;
static int ik_out_fd = -1;
static int ik_mouse_on = 0;
static int ik_winch_pipe[2] = {-1, -1};
static void ik_on_winch(int sig);
static void ik_handle(int sig, void (*handler)(int));



/* Restore state used by the signal handlers: prepared once, written with write(2). */
static struct termios ik_saved_termios;
static int ik_have_termios = 0;
/* The program's own modes (raw, no echo), saved once ncurses has set them. */
static struct termios ik_prog_termios;
static int ik_have_prog_termios = 0;
static char ik_restore_bytes[512];
static size_t ik_restore_len = 0;
/* What enters the program's screen and modes again after a stop (the alternate screen,
   keypad transmit, the cursor hidden, bracketed paste, the mouse): prepared once too. */
static char ik_enter_bytes[512];
static size_t ik_enter_len = 0;
/* The pictures' deletions (ik_set_signal_deletions), in two copies: the one not in use is
   written, then made the one in use, so a signal arriving meanwhile writes a whole version. */
enum { IK_DELETIONS_CAPACITY = 16384 };
static char ik_deletions[2][IK_DELETIONS_CAPACITY];
static size_t ik_deletions_len[2];
static volatile sig_atomic_t ik_deletions_current = 0;

/* Button-motion tracking (drags), in SGR's encoding (read by NcursesTerminal itself, which
   reads the older X10 encoding too). */
static const char ik_mouse_on_seq[] = "\033[?1002h";
static const char ik_mouse_sgr_seq[] = "\033[?1006h";
static const char ik_mouse_off_seq[] = "\033[?1006l\033[?1002l\033[?1000l";
/* Bracketed paste: pasted text arrives between ESC [200~ and ESC [201~. */
static const char ik_paste_on_seq[] = "\033[?2004h";
static const char ik_paste_off_seq[] = "\033[?2004l";

int ik_check_terminal(const char *term, int out_fd) {
    int err = 0;
    if (term == NULL || *term == '\0') return 1;
    TERMINAL *saved = cur_term;
    if (setupterm(term, out_fd, &err) != OK || err != 1) {
        return 1;
    }
    int result = 0;
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1 || tigetflag("gn") > 0 || tigetflag("hc") > 0) result = 2;
    TERMINAL *probe = cur_term;
    set_curterm(saved);
    del_curterm(probe);
    return result;
}

static int ik_codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

int ik_use_utf8_locale(void) {
    setlocale(LC_ALL, "");
    if (ik_codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && ik_codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "C.utf8") != NULL && ik_codeset_is_utf8()) return 1;
    if (setlocale(LC_CTYPE, "en_US.UTF-8") != NULL && ik_codeset_is_utf8()) return 1;
    return 0;
}

/* Appends `s` to `buffer` (of 512 bytes) when it fits. */
static void ik_append_to(char *buffer, size_t *len, const char *s) {
    if (s == NULL || s == (char *)-1) return;
    size_t n = strlen(s);
    if (*len + n >= 512) return;
    memcpy(buffer + *len, s, n);
    *len += n;
}

static void ik_append_cap(const char *name) { ik_append_to(ik_restore_bytes, &ik_restore_len, tigetstr((char *)name)); }

static void ik_append_raw(const char *s) { ik_append_to(ik_restore_bytes, &ik_restore_len, s); }

static void ik_append_enter_cap(const char *name) { ik_append_to(ik_enter_bytes, &ik_enter_len, tigetstr((char *)name)); }

/* The most rows and columns drawn (ik_open's limits); a larger window is drawn that large. */
static int ik_max_rows = 512, ik_max_cols = 1024;

void ik_window_size(int *rows, int *cols) {
    struct winsize ws;
    if (ik_out_fd >= 0 && ioctl(ik_out_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        *rows = ws.ws_row;
        *cols = ws.ws_col;
    } else {
        ik_size(rows, cols);
    }
}

/* Sets an environment variable to a number, or back to what it was (NULL: unset). */
static void ik_setenv_number(const char *name, int value, const char *previous, int restore) {
    if (restore) {
        if (previous) setenv(name, previous, 1); else unsetenv(name);
        return;
    }
    char text[16];
    snprintf(text, sizeof text, "%d", value);
    setenv(name, text, 1);
}

int ik_open(int in_fd, int out_fd, const char *term, int enable_mouse, int max_rows, int max_cols, char *err, size_t errlen) {
    if (ik_screen != NULL) {
        snprintf(err, errlen, "a terminal screen is already open");
        return -1;
    }
    ik_have_termios = (tcgetattr(out_fd, &ik_saved_termios) == 0);
    int in_copy = dup(in_fd), out_copy = dup(out_fd);
    if (in_copy < 0 || out_copy < 0) {
        snprintf(err, errlen, "cannot duplicate the terminal descriptors: %s", strerror(errno));
        if (in_copy >= 0) close(in_copy);
        if (out_copy >= 0) close(out_copy);
        return -1;
    }
    ik_in = fdopen(in_copy, "r");
    ik_out = fdopen(out_copy, "w");
    if (ik_in == NULL || ik_out == NULL) {
        snprintf(err, errlen, "cannot open the terminal streams: %s", strerror(errno));
        return -1;
    }
    ik_out_fd = out_copy;
    set_escdelay(25);
    if (max_rows > 0) ik_max_rows = max_rows;
    if (max_cols > 0) ik_max_cols = max_cols;
    /* ncurses allocates its screens for the window's size: a larger window than we draw
       starts at our limit (LINES and COLUMNS, which ncurses prefers to the window's size,
       set for the while and put back). */
    struct winsize ws;
    int clamp = ioctl(out_copy, TIOCGWINSZ, &ws) == 0 && (ws.ws_row > ik_max_rows || ws.ws_col > ik_max_cols);
    char *lines_before = NULL, *columns_before = NULL;
    if (clamp) {
        if (getenv("LINES")) lines_before = strdup(getenv("LINES"));
        if (getenv("COLUMNS")) columns_before = strdup(getenv("COLUMNS"));
        ik_setenv_number("LINES", ws.ws_row > ik_max_rows ? ik_max_rows : ws.ws_row, NULL, 0);
        ik_setenv_number("COLUMNS", ws.ws_col > ik_max_cols ? ik_max_cols : ws.ws_col, NULL, 0);
    }
    ik_screen = newterm(term, ik_out, ik_in);
    if (ik_screen != NULL) {
        /* ncurses 6.4 flushes its output after every cursor move until the screen has been
           suspended and resumed once (its mvcur takes a screen that never was for a terminfo
           program's): a frame went out in one write(2) a move, two dozen where one will do.
           Suspended and resumed here, before anything is drawn (and while LINES and COLUMNS
           still say the size to start at, which the resume reads again). */
        set_term(ik_screen);
        endwin();
        doupdate();
    }
    if (clamp) {
        ik_setenv_number("LINES", 0, lines_before, 1);
        ik_setenv_number("COLUMNS", 0, columns_before, 1);
        free(lines_before);
        free(columns_before);
    }
    if (ik_screen == NULL) {
        snprintf(err, errlen, "ncurses cannot start on terminal type '%s'", term ? term : "");
        fclose(ik_in); fclose(ik_out); ik_in = ik_out = NULL; ik_out_fd = -1;
        return -1;
    }
    set_term(ik_screen);
    raw();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    leaveok(stdscr, TRUE);
    scrollok(stdscr, FALSE);
    /* Never cut a refresh short when input is pending: the frame we diffed against must
       be the frame the terminal shows, or cells would stay stale until they change again. */
    typeahead(-1);
    curs_set(0);
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    ik_mouse_on = 0;
    if (enable_mouse) {
        mouseinterval(0);
        if (mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL) != 0) {
            ik_mouse_on = 1;
        }
    }
    ik_restore_len = 0;
    ik_deletions_len[0] = ik_deletions_len[1] = 0;
    ik_append_raw(ik_paste_off_seq);
    if (ik_mouse_on) ik_append_raw(ik_mouse_off_seq);
    ik_append_cap("sgr0");
    ik_append_cap("cnorm");
    ik_append_cap("rmkx");
    ik_append_cap("rmcup");
    ik_enter_len = 0;
    ik_append_enter_cap("smcup");
    ik_append_enter_cap("smkx");
    ik_append_enter_cap("civis");
    ik_append_to(ik_enter_bytes, &ik_enter_len, ik_paste_on_seq);
    if (ik_mouse_on) {
        ik_append_to(ik_enter_bytes, &ik_enter_len, ik_mouse_on_seq);
        ik_append_to(ik_enter_bytes, &ik_enter_len, ik_mouse_sgr_seq);
    }
    if (pipe(ik_winch_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(ik_winch_pipe[i], F_SETFL, fcntl(ik_winch_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(ik_winch_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    /* Resizes reach the run loop through the pipe, with or without our other handlers
       (ncurses' own would report them through the input it no longer reads). */
    ik_handle(SIGWINCH, ik_on_winch);
    ik_have_prog_termios = (tcgetattr(ik_out_fd, &ik_prog_termios) == 0);  /* entered again after a stop */
    /* Show the alternate screen now, then turn on bracketed paste and button-motion
       reporting (drags). */
    wnoutrefresh(stdscr);
    doupdate();
    {
        ssize_t w = write(ik_out_fd, ik_paste_on_seq, sizeof ik_paste_on_seq - 1);
        (void)w;
    }
    if (ik_mouse_on) {
        ssize_t w = write(ik_out_fd, ik_mouse_on_seq, sizeof ik_mouse_on_seq - 1);
        w = write(ik_out_fd, ik_mouse_sgr_seq, sizeof ik_mouse_sgr_seq - 1);
        (void)w;
    }
    return 0;
}

void ik_close(void) {
    if (ik_screen == NULL) return;
    {
        ssize_t w = write(ik_out_fd, ik_paste_off_seq, sizeof ik_paste_off_seq - 1);
        (void)w;
    }
    if (ik_mouse_on) {
        ssize_t w = write(ik_out_fd, ik_mouse_off_seq, sizeof ik_mouse_off_seq - 1);
        (void)w;
        mousemask(0, NULL);
    }
    curs_set(1);
    /* Without an alternate screen (vt100, say) the app's last frame would stay on the
       terminal after it ends: clear it, as a user of such a terminal expects. */
    char *smcup = tigetstr("smcup");
    if (smcup == NULL || smcup == (char *)-1 || *smcup == 0) {
        clear();
        refresh();
    }
    endwin();
    delscreen(ik_screen);
    ik_screen = NULL;
    if (ik_in) fclose(ik_in);
    if (ik_out) fclose(ik_out);
    ik_in = ik_out = NULL;
    ik_out_fd = -1;
    for (int i = 0; i < 2; i++) {
        if (ik_winch_pipe[i] >= 0) close(ik_winch_pipe[i]);
        ik_winch_pipe[i] = -1;
    }
    signal(SIGWINCH, SIG_DFL);
}

void ik_size(int *rows, int *cols) {
    if (ik_screen == NULL) { *rows = 0; *cols = 0; return; }
    *rows = LINES;
    *cols = COLS;
}

int ik_colors(void) { return (ik_screen != NULL && has_colors()) ? COLORS : 0; }
int ik_direct_color(void) { return tigetflag("RGB") > 0; }

int ik_has_italics(void) {
    if (ik_screen == NULL) return 0;
    char *sitm = tigetstr("sitm");
    return sitm != NULL && sitm != (char *)-1 && *sitm != 0;
}

static void ik_on_winch(int sig) {
    (void)sig;
    int saved = errno;
    if (ik_winch_pipe[1] >= 0) {
        ssize_t w = write(ik_winch_pipe[1], "w", 1);
        (void)w;
    }
    errno = saved;
}

int ik_resize_fd(void) { return ik_winch_pipe[0]; }

/* Stopped (Ctrl-Z, SIGTSTP) and continued (fg, SIGCONT): ncurses' own handling puts back
   its terminal modes but not the ones sent as raw sequences (button-motion mouse reports,
   SGR mouse, bracketed paste) nor keypad transmit. So the stop handler restores the shell's
   terminal exactly as on exit, and once continued — still in the handler, before the thread
   it interrupted draws another byte — enters the program's screen and modes again: a frame
   drawn (or half drawn) after `fg` lands on the alternate screen, never as debris on the
   shell's. The continue handler then asks the main loop (through the resize pipe) to
   repaint everything. */
static volatile sig_atomic_t ik_resumed = 0;

static void ik_on_stop(int sig);
static void ik_on_continue(int sig);

/* Runs `handler` on `sig`, restarting interrupted calls. */
static void ik_handle(int sig, void (*handler)(int)) { ik_signal_handle(sig, handler, SA_RESTART, NULL); }

static void ik_install_stop_handler(void) { ik_handle(SIGTSTP, ik_on_stop); }

/* Async-signal-safe: write(2), tcgetattr/tcsetattr, sigaction, sigprocmask and raise. */
static void ik_on_stop(int sig) {
    (void)sig;
    int saved = errno;
    if (ik_out_fd >= 0) {
        /* The program's modes were saved at open: read now, after an earlier stop gave the
           terminal back and before the main loop entered them again, they would be the shell's. */
        if (ik_restore_len > 0) ik_line_write_within(ik_out_fd, ik_restore_bytes, ik_restore_len, 500, 0);
        if (ik_have_termios) tcsetattr(ik_out_fd, TCSANOW, &ik_saved_termios);
    }
    ik_signal_stop_now();  /* returns at once when the stop was discarded (no job control) */
    if (ik_out_fd >= 0) {
        if (ik_have_prog_termios) tcsetattr(ik_out_fd, TCSADRAIN, &ik_prog_termios);
        if (ik_enter_len > 0) ik_line_write_within(ik_out_fd, ik_enter_bytes, ik_enter_len, 500, 0);
    }
    ik_on_continue(SIGCONT);  /* repainted, whichever thread SIGCONT itself reached */
    errno = saved;
}

static void ik_on_continue(int sig) {
    (void)sig;
    int saved = errno;
    ik_signal_note_continued();
    ik_install_stop_handler();
    ik_resumed = 1;
    if (ik_winch_pipe[1] >= 0) {
        ssize_t w = write(ik_winch_pipe[1], "c", 1);
        (void)w;
    }
    errno = saved;
}

/* After a continue: the program's terminal modes (the stop handler entered its screen and
   sequences again; the kit repaints everything when told 2 by ik_apply_resize). */
static void ik_reenter(void) {
    if (ik_have_prog_termios) tcsetattr(ik_out_fd, TCSADRAIN, &ik_prog_termios);
}

void ik_suspend(void) { ik_stop_self(); }

void ik_wake(void) {
    if (ik_winch_pipe[1] >= 0) {
        ssize_t w = write(ik_winch_pipe[1], "i", 1);
        (void)w;
    }
}

int ik_apply_resize(void) {
    char drain[64];
    int drained = 0, woken_only = 1;
    if (ik_winch_pipe[0] >= 0) {
        ssize_t n;
        while ((n = read(ik_winch_pipe[0], drain, sizeof drain)) > 0) {
            drained = 1;
            for (ssize_t i = 0; i < n; i++) if (drain[i] != 'i') woken_only = 0;
        }
    }
    if (drained && woken_only) return 0;
    if (ik_screen == NULL) return 1;
    int continued = ik_resumed;
    if (continued) {
        ik_resumed = 0;
        ik_reenter();
    }
    struct winsize ws;
    if (ioctl(ik_out_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        resize_term(ws.ws_row > ik_max_rows ? ik_max_rows : ws.ws_row, ws.ws_col > ik_max_cols ? ik_max_cols : ws.ws_col);
    }
    return continued ? 2 : 1;
}

void ik_set_signal_deletions(const char *bytes, size_t length) {
    int next = 1 - ik_deletions_current;
    if (length > IK_DELETIONS_CAPACITY) length = IK_DELETIONS_CAPACITY;
    if (length > 0) memcpy(ik_deletions[next], bytes, length);
    ik_deletions_len[next] = length;
    ik_deletions_current = next;
}

size_t ik_signal_deletions_capacity(void) { return IK_DELETIONS_CAPACITY; }

/* Restores the terminal as far as it reads within half a second, then ends the process by the
   same signal. The frame it had not read yet is thrown away: a terminal that stopped reading
   (a stalled link, paused output) would otherwise hold the restore, and the signal, for good.
   Async-signal-safe: see ik_line_write_within (CTerminalIO); then tcsetattr(3), sigaction and raise. */
static void ik_on_fatal(int sig) {
    if (ik_signal_forward_to_drawing_thread(sig)) return;  /* its blocked write is interrupted there */
    int which = ik_deletions_current;
    /* The frame not yet read is dropped (as below); the pictures' deletions go first. */
    if (ik_out_fd >= 0 && ik_deletions_len[which] > 0) ik_line_write_within(ik_out_fd, ik_deletions[which], ik_deletions_len[which], 250, 1);
    if (ik_out_fd >= 0 && ik_restore_len > 0) ik_line_write_within(ik_out_fd, ik_restore_bytes, ik_restore_len, 500, ik_deletions_len[which] == 0);
    if (ik_have_termios && ik_out_fd >= 0) tcsetattr(ik_out_fd, TCSANOW, &ik_saved_termios);
    ik_signal_raise_default(sig);
}

void ik_install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = ik_on_fatal;
    const int fatal[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &sa, NULL);
    ik_handle(SIGWINCH, ik_on_winch);
    ik_install_stop_handler();
    ik_handle(SIGCONT, ik_on_continue);
    /* The handled signals must be able to arrive on this thread, the one that draws: a mask
       inherited from whoever started us may block them, and threads started for other work
       (Dispatch's) block them, so they would wait for good. */
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaddset(&handled, fatal[i]);
    sigaddset(&handled, SIGWINCH);
    sigaddset(&handled, SIGTSTP);
    sigaddset(&handled, SIGCONT);
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}


