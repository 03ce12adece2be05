/*
 * CNcursesw: a thin C layer over ncursesw for the NcursesTerminal module.
 *
 * ncurses exposes much of its API as macros (attributes, stdscr, mouse masks),
 * which Swift cannot import, and signal handlers must be async-signal-safe C.
 * This header wraps exactly what NcursesTerminal needs as plain functions. ncurses opens,
 * suspends and restores the terminal from its terminfo description; frames are written by
 * the kit itself (ScreenWriter), and input is read and decoded by it (TerminalInputParser).
 */
#ifndef CNCURSESW_H
#define CNCURSESW_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* Checks that `term` names a terminfo entry that can address the cursor.
   Returns 0 when usable, 1 when unknown, 2 when it cannot move the cursor (dumb). */
int ik_check_terminal(const char *term, int out_fd);

/* Switches LC_CTYPE to a UTF-8 locale (the user's, else C.UTF-8). Returns 1 on success. */
int ik_use_utf8_locale(void);

/* Starts a screen on the given descriptors, drawing at most max_rows × max_cols of a larger
   window. Returns 0, or -1 with a message in err. */
int ik_open(int in_fd, int out_fd, const char *term, int enable_mouse, int max_rows, int max_cols, char *err, size_t errlen);
/* The window's own size (ik_size gives what is drawn, at most the limits). */
void ik_window_size(int *rows, int *cols);
/* Ends the screen and restores the terminal. Safe to call twice. */
void ik_close(void);

void ik_size(int *rows, int *cols);
int ik_colors(void);
/* 1 when terminfo says colours are direct RGB values (the RGB capability). */
int ik_direct_color(void);
/* 1 when terminfo says the terminal shows italics (it has `sitm`). */
int ik_has_italics(void);

/* The read end of the SIGWINCH self-pipe; readable after a resize. */
int ik_resize_fd(void);
/* Drains the resize pipe and resizes ncurses to the terminal's new size. Returns 0 when
   the pipe held only wake-ups (ik_wake), with nothing resized; 2 when the process was
   continued after a stop (the screen was entered again); else 1. */
int ik_apply_resize(void);
/* Makes the resize pipe readable without a resize: input is waiting in the program's own
   buffer, so its reader is to be called again. */
void ik_wake(void);

/* Installs handlers that restore the terminal on SIGINT, SIGTERM, SIGHUP and on fatal
   signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT), then re-raise. */
void ik_install_signal_handlers(void);

/* What those handlers write before restoring the terminal: the commands that delete the
   pictures sent (kitty's), as close() would; at most ik_signal_deletions_capacity() bytes, more
   is cut. Safe to call while a signal may arrive. */
void ik_set_signal_deletions(const char *bytes, size_t length);
size_t ik_signal_deletions_capacity(void);

/* Stops the process as Ctrl-Z would in a shell (the terminal is restored first and
   entered again on `fg`). */
void ik_suspend(void);


/* Tells ncurses that rows top..top+count-1 on screen are not what it wrote (a sixel drew
   over them): the next refresh writes them whole. */
void ik_redraw_lines(int top, int count);

#endif
