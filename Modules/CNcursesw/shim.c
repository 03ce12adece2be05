/* CNcursesw: see include/CNcursesw.h. */
#include "CNcursesw.h"
#include "CLineTerminal.h"

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
static int ik_button_down = 0;
static void ik_learn_modified_arrows(void);
static int ik_winch_pipe[2] = {-1, -1};

/* Decoded mouse events waiting to be returned by ik_read, oldest first. */
#define IK_QUEUE_MAX 32
static ik_input ik_queue[IK_QUEUE_MAX];
static int ik_queue_head = 0, ik_queue_count = 0;


/* Restore state used by the signal handlers: prepared once, written with write(2). */
static struct termios ik_saved_termios;
static int ik_have_termios = 0;
static char ik_restore_bytes[512];
static size_t ik_restore_len = 0;

/* Button-motion tracking (drags); SGR encoding only when terminfo's kmous expects it,
   since ncurses decodes the format that kmous names. */
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

static void ik_append_cap(const char *name) {
    char *s = tigetstr((char *)name);
    if (s == NULL || s == (char *)-1) return;
    size_t n = strlen(s);
    if (ik_restore_len + n >= sizeof ik_restore_bytes) return;
    memcpy(ik_restore_bytes + ik_restore_len, s, n);
    ik_restore_len += n;
}

static void ik_append_raw(const char *s) {
    size_t n = strlen(s);
    if (ik_restore_len + n >= sizeof ik_restore_bytes) return;
    memcpy(ik_restore_bytes + ik_restore_len, s, n);
    ik_restore_len += n;
}

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
    ik_learn_modified_arrows();
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
    ik_queue_head = ik_queue_count = 0;
    ik_button_down = 0;
    if (enable_mouse) {
        mouseinterval(0);
        if (mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL) != 0) {
            ik_mouse_on = 1;
        }
    }
    ik_restore_len = 0;
    ik_append_raw(ik_paste_off_seq);
    if (ik_mouse_on) ik_append_raw(ik_mouse_off_seq);
    ik_append_cap("sgr0");
    ik_append_cap("cnorm");
    ik_append_cap("rmkx");
    ik_append_cap("rmcup");
    if (pipe(ik_winch_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(ik_winch_pipe[i], F_SETFL, fcntl(ik_winch_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(ik_winch_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
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
        char *kmous = tigetstr("kmous");
        if (kmous != NULL && kmous != (char *)-1 && strncmp(kmous, "\033[<", 3) == 0) {
            w = write(ik_out_fd, ik_mouse_sgr_seq, sizeof ik_mouse_sgr_seq - 1);
        }
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
int ik_color_pairs(void) { return (ik_screen != NULL && has_colors()) ? COLOR_PAIRS : 0; }
int ik_direct_color(void) { return tigetflag("RGB") > 0; }

int ik_init_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg) == OK; }
void ik_reset_pairs(void) { reset_color_pairs(); }

static attr_t ik_attrs(unsigned flags) {
    attr_t a = A_NORMAL;
    if (flags & IK_ATTR_BOLD) a |= A_BOLD;
    if (flags & IK_ATTR_DIM) a |= A_DIM;
    if (flags & IK_ATTR_REVERSE) a |= A_REVERSE;
    if (flags & IK_ATTR_UNDERLINE) a |= A_UNDERLINE;
#ifdef A_ITALIC
    if (flags & IK_ATTR_ITALIC) a |= A_ITALIC;
#endif
    return a;
}

void ik_put(int y, int x, const wchar_t *wcs, int n, int width, unsigned flags, int pair) {
    if (ik_screen == NULL || n <= 0) return;
    /* A cell holds one spacing character and up to CCHARW_MAX-1 zero-width ones; the rest
       of a longer cluster (an emoji ZWJ sequence, a flag) is dropped, keeping its first glyph. */
    wchar_t buf[CCHARW_MAX + 1];
    int count = 0;
    buf[count++] = wcs[0];
    for (int i = 1; i < n && count < CCHARW_MAX; i++) {
        if (wcs[i] == 0x200D || wcwidth(wcs[i]) != 0) break;
        buf[count++] = wcs[i];
    }
    buf[count] = L'\0';
    int libc_width = wcwidth(buf[0]);
    if (libc_width < 0 || libc_width > width) {
        /* The C library disagrees about this character: draw a replacement of our width. */
        buf[0] = width >= 2 ? 0xFF1F /* fullwidth ? */ : L'?';
        buf[1] = L'\0';
        libc_width = width >= 2 ? 2 : 1;
    }
    attr_t attrs = ik_attrs(flags);
    cchar_t cc;
    int ext_pair = pair;
    setcchar(&cc, buf, attrs, 0, &ext_pair);
    mvwadd_wch(stdscr, y, x, &cc);
    /* Keep the layout when the C library counts fewer cells than we do. */
    for (int i = libc_width; i < width; i++) {
        wchar_t space[2] = {L' ', L'\0'};
        setcchar(&cc, space, attrs, 0, &ext_pair);
        mvwadd_wch(stdscr, y, x + i, &cc);
    }
}

void ik_refresh(void) {
    if (ik_screen == NULL) return;
    wnoutrefresh(stdscr);
    doupdate();
}

void ik_redraw_lines(int top, int count) {
    if (ik_screen == NULL || count <= 0) return;
    wredrawln(stdscr, top, count);
}

void ik_force_repaint(void) {
    if (ik_screen == NULL) return;
    clearok(curscr, TRUE);
}

/* The codes ncurses gives Ctrl- and Alt-arrows (terminfo's extended kUP5, kUP3, …), or -1. */
static int ik_ctrl_arrows[4] = {-1, -1, -1, -1}, ik_alt_arrows[4] = {-1, -1, -1, -1};

static int ik_key_code(const char *cap) {
    char *sequence = tigetstr(cap);
    if (sequence == NULL || sequence == (char *)-1) return -1;
    int code = key_defined(sequence);
    return code > 0 ? code : -1;
}

static void ik_learn_modified_arrows(void) {
    const char *ctrl[4] = {"kUP5", "kDN5", "kLFT5", "kRIT5"}, *alt[4] = {"kUP3", "kDN3", "kLFT3", "kRIT3"};
    for (int i = 0; i < 4; i++) {
        ik_ctrl_arrows[i] = ik_key_code(ctrl[i]);
        ik_alt_arrows[i] = ik_key_code(alt[i]);
    }
}

static int ik_map_key(wint_t k, ik_input *ev) {
    static const int arrows[4] = {IK_KEY_UP, IK_KEY_DOWN, IK_KEY_LEFT, IK_KEY_RIGHT};
    for (int i = 0; i < 4; i++) {
        if ((int)k == ik_ctrl_arrows[i]) { ev->ctrl = 1; return arrows[i]; }
        if ((int)k == ik_alt_arrows[i]) { ev->alt = 1; return arrows[i]; }
    }
    switch (k) {
    case KEY_UP: return IK_KEY_UP;
    case KEY_DOWN: return IK_KEY_DOWN;
    case KEY_LEFT: return IK_KEY_LEFT;
    case KEY_RIGHT: return IK_KEY_RIGHT;
    case KEY_SR: ev->shift = 1; return IK_KEY_UP;
    case KEY_SF: ev->shift = 1; return IK_KEY_DOWN;
    case KEY_SLEFT: ev->shift = 1; return IK_KEY_LEFT;
    case KEY_SRIGHT: ev->shift = 1; return IK_KEY_RIGHT;
    case KEY_PPAGE: return IK_KEY_PAGE_UP;
    case KEY_NPAGE: return IK_KEY_PAGE_DOWN;
    case KEY_HOME: return IK_KEY_HOME;
    case KEY_END: return IK_KEY_END;
    case KEY_ENTER: return IK_KEY_ENTER;
    case KEY_BACKSPACE: return IK_KEY_BACKSPACE;
    case KEY_DC: return IK_KEY_DELETE;
    case KEY_IC: return IK_KEY_INSERT;
    case KEY_BTAB: return IK_KEY_BACK_TAB;
    default:
        if (k >= KEY_F(1) && k <= KEY_F(24)) {
            ev->button = (int)(k - KEY_F(0));
            return IK_KEY_FUNCTION;
        }
        return IK_KEY_UNKNOWN;
    }
}

/* Decodes one ncurses mouse event; returns 0 for events we do not report. */
static int ik_decode_mouse(const MEVENT *m, ik_input *ev) {
    memset(ev, 0, sizeof *ev);
    ev->kind = IK_EVENT_MOUSE;
    ev->x = m->x;
    ev->y = m->y;
    mmask_t b = m->bstate;
    ev->shift = (b & BUTTON_SHIFT) != 0;
    ev->ctrl = (b & BUTTON_CTRL) != 0;
    ev->alt = (b & BUTTON_ALT) != 0;
#if NCURSES_MOUSE_VERSION > 1
    if (b & BUTTON4_PRESSED) { ev->action = IK_MOUSE_WHEEL_UP; return 1; }
    if (b & BUTTON5_PRESSED) { ev->action = IK_MOUSE_WHEEL_DOWN; return 1; }
#endif
    if (b & (BUTTON1_PRESSED | BUTTON2_PRESSED | BUTTON3_PRESSED)) {
        ev->action = IK_MOUSE_PRESS;
        ev->button = (b & BUTTON1_PRESSED) ? 1 : (b & BUTTON2_PRESSED) ? 2 : 3;
        ik_button_down = ev->button;
        return 1;
    }
    if (b & (BUTTON1_RELEASED | BUTTON2_RELEASED | BUTTON3_RELEASED)) {
        ev->action = IK_MOUSE_RELEASE;
        ev->button = (b & BUTTON1_RELEASED) ? 1 : (b & BUTTON2_RELEASED) ? 2 : 3;
        ik_button_down = 0;
        return 1;
    }
    if (b & (BUTTON1_CLICKED | BUTTON2_CLICKED | BUTTON3_CLICKED)) {
        /* Some terminals report a click without a separate release. */
        ev->action = IK_MOUSE_RELEASE;
        ev->button = (b & BUTTON1_CLICKED) ? 1 : (b & BUTTON2_CLICKED) ? 2 : 3;
        ik_button_down = 0;
        return 1;
    }
    if (b & REPORT_MOUSE_POSITION) {
        ev->action = ik_button_down ? IK_MOUSE_DRAG : IK_MOUSE_MOVE;
        ev->button = ik_button_down;
        return 1;
    }
    return 0;
}

/* After KEY_MOUSE: ncurses may have gathered several reports that arrived together and
   hands them out newest first, one getmouse at a time. Take them all and queue them in
   the order they happened. */
static void ik_collect_mouse(void) {
    MEVENT events[IK_QUEUE_MAX];
    int n = 0;
    while (n < IK_QUEUE_MAX && getmouse(&events[n]) == OK) n++;
    for (int i = n - 1; i >= 0; i--) {
        ik_input ev;
        if (!ik_decode_mouse(&events[i], &ev) || ik_queue_count >= IK_QUEUE_MAX) continue;
        ik_queue[(ik_queue_head + ik_queue_count) % IK_QUEUE_MAX] = ev;
        ik_queue_count++;
    }
}

static int ik_dequeue(ik_input *ev) {
    if (ik_queue_count == 0) return 0;
    *ev = ik_queue[ik_queue_head];
    ik_queue_head = (ik_queue_head + 1) % IK_QUEUE_MAX;
    ik_queue_count--;
    return 1;
}

int ik_read(ik_input *ev) {
    memset(ev, 0, sizeof *ev);
    if (ik_screen == NULL) return 0;
    if (ik_dequeue(ev)) return 1;
    for (;;) {
        wint_t wch = 0;
        int r = wget_wch(stdscr, &wch);
        if (r == ERR) return 0;
        if (r == KEY_CODE_YES) {
            if (wch == KEY_MOUSE) {
                ik_collect_mouse();
                if (ik_dequeue(ev)) return 1;
                continue;
            }
            if (wch == KEY_RESIZE) { ev->kind = IK_EVENT_RESIZE; return 1; }
            ev->kind = IK_EVENT_KEY;
            ev->key = ik_map_key(wch, ev);
            return 1;
        }
        ev->kind = IK_EVENT_CHAR;
        ev->ch = (uint32_t)wch;
        return 1;
    }
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
   terminal exactly as on exit, and the continue handler asks the main loop (through the
   resize pipe) to enter the program's modes again and repaint everything. */
static struct termios ik_prog_termios;
static int ik_have_prog_termios = 0;
static volatile sig_atomic_t ik_resumed = 0;

static void ik_on_stop(int sig);

/* Runs `handler` on `sig`, restarting interrupted calls. */
static void ik_handle(int sig, void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = handler;
    sa.sa_flags = SA_RESTART;
    sigaction(sig, &sa, NULL);
}

static void ik_install_stop_handler(void) { ik_handle(SIGTSTP, ik_on_stop); }

/* Stops the process now, as SIGTSTP does by default (from inside a SIGTSTP handler, where
   the signal is blocked); the handler is to be installed again on SIGCONT. */
static void ik_stop_now(void) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, NULL);
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &just, NULL);
    raise(SIGTSTP);  /* stops here until SIGCONT */
}

/* Async-signal-safe: write(2), tcgetattr/tcsetattr, sigaction, sigprocmask and raise. */
static void ik_on_stop(int sig) {
    (void)sig;
    int saved = errno;
    if (ik_out_fd >= 0) {
        ik_have_prog_termios = (tcgetattr(ik_out_fd, &ik_prog_termios) == 0);
        if (ik_restore_len > 0) ik_line_write_within(ik_out_fd, ik_restore_bytes, ik_restore_len, 500, 0);
        if (ik_have_termios) tcsetattr(ik_out_fd, TCSANOW, &ik_saved_termios);
    }
    ik_stop_now();
    errno = saved;
}

static void ik_on_continue(int sig) {
    (void)sig;
    int saved = errno;
    ik_install_stop_handler();
    ik_resumed = 1;
    if (ik_winch_pipe[1] >= 0) {
        ssize_t w = write(ik_winch_pipe[1], "c", 1);
        (void)w;
    }
    errno = saved;
}

static void ik_write_cap(const char *name) {
    char *cap = tigetstr(name);
    if (cap != NULL && cap != (char *)-1) {
        ssize_t w = write(ik_out_fd, cap, strlen(cap));
        (void)w;
    }
}

/* After a continue: the program's terminal modes and sequences again, as at open. */
static void ik_reenter(void) {
    if (ik_have_prog_termios) tcsetattr(ik_out_fd, TCSADRAIN, &ik_prog_termios);
    ik_write_cap("smcup");
    ik_write_cap("smkx");
    ik_write_cap("civis");
    ssize_t w = write(ik_out_fd, ik_paste_on_seq, sizeof ik_paste_on_seq - 1);
    if (ik_mouse_on) {
        w = write(ik_out_fd, ik_mouse_on_seq, sizeof ik_mouse_on_seq - 1);
        char *kmous = tigetstr("kmous");
        if (kmous != NULL && kmous != (char *)-1 && strncmp(kmous, "\033[<", 3) == 0) {
            w = write(ik_out_fd, ik_mouse_sgr_seq, sizeof ik_mouse_sgr_seq - 1);
        }
    }
    (void)w;
    clearok(curscr, TRUE);
}

void ik_unget_bytes(const unsigned char *bytes, int count) {
    if (ik_screen == NULL) return;
    for (int i = count - 1; i >= 0; i--) ungetch(bytes[i]);  /* ungetch is last in, first out */
}

void ik_suspend(void) {
    /* The calling thread may block SIGTSTP (threads started for other work do): let it in. */
    sigset_t just, old;
    sigemptyset(&just);
    sigaddset(&just, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &just, &old);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void ik_apply_resize(void) {
    char drain[64];
    if (ik_winch_pipe[0] >= 0) {
        while (read(ik_winch_pipe[0], drain, sizeof drain) > 0) {}
    }
    if (ik_screen == NULL) return;
    if (ik_resumed) {
        ik_resumed = 0;
        ik_reenter();
    }
    struct winsize ws;
    if (ioctl(ik_out_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        resize_term(ws.ws_row > ik_max_rows ? ik_max_rows : ws.ws_row, ws.ws_col > ik_max_cols ? ik_max_cols : ws.ws_col);
        clearok(curscr, TRUE);
    }
}

/* Restores the default action for `sig` and raises it again (async-signal-safe). */
static void ik_reraise_default(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

/* Restores the terminal as far as it reads within half a second, then ends the process by the
   same signal. The frame it had not read yet is thrown away: a terminal that stopped reading
   (a stalled link, paused output) would otherwise hold the restore, and the signal, for good.
   Async-signal-safe: see ik_line_write_within (CLineTerminal); then tcsetattr(3), sigaction and raise. */
static void ik_on_fatal(int sig) {
    if (ik_out_fd >= 0 && ik_restore_len > 0) ik_line_write_within(ik_out_fd, ik_restore_bytes, ik_restore_len, 500, 1);
    if (ik_have_termios && ik_out_fd >= 0) tcsetattr(ik_out_fd, TCSANOW, &ik_saved_termios);
    ik_reraise_default(sig);
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

int ik_open_pty(int *primary, int *secondary) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0) { int e = errno; close(fd); errno = e; return -1; }
    char *name = ptsname(fd);
    if (name == NULL) { int e = errno; close(fd); errno = e; return -1; }
    int other = open(name, O_RDWR | O_NOCTTY);
    if (other < 0) { int e = errno; close(fd); errno = e; return -1; }
    *primary = fd;
    *secondary = other;
    return 0;
}

