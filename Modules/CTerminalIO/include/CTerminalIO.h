/* CTerminalIO: the terminal calls Swift cannot make (ioctl is variadic; signal handlers must be
   C), with no library behind them: timed writes, the window's size in cells and pixels, and
   the guards that restore the terminal on a signal. Line indicators, the terminal's hold (inline
   and full screen) and the graphics probe use them. */
#ifndef CTERMINALIO_H
#define CTERMINALIO_H

#include <signal.h>
#include <stddef.h>

/* Writes what it can of `bytes` to `fd` within about `ms` milliseconds, whatever the terminal
   does: the descriptor is non-blocking for the while, so a terminal that stopped reading (or
   another thread's write holding it) cannot hold us. With `discard`, output the terminal has
   not read yet is thrown away first (and again while waiting): a frame that no longer matters,
   which would stand between the terminal and the bytes that restore it. Returns 1 when all was
   written. Async-signal-safe: fcntl, tcflush, write, poll and clock_gettime only. */
int ik_line_write_within(int fd, const char *bytes, size_t len, int ms, int discard);

/* The width of the terminal on `fd`, or 0 when it is not a terminal. */
int ik_line_columns(int fd);

/* The window's size in pixels on `fd` (0 × 0 when the terminal does not say). */
void ik_line_window_pixels(int fd, int *width, int *height);

/* The window's size in cells on `fd` (0 × 0 when it is not a terminal). */
void ik_line_window_cells(int fd, int *columns, int *rows);

/* On SIGINT, SIGTERM, SIGHUP or SIGQUIT: leave the indicator block as last drawn with the
   cursor below it, or clear it (ik_line_note_block; not told, the cursor's line is cleared),
   and show the cursor on `fd` (within half a second, whatever the terminal does), then end by
   the signal as usual; on SIGTSTP (Ctrl-Z) clear the cursor's line, show the cursor and
   stop, and on SIGCONT hide the cursor again. With `only_unhandled`, a signal the program already handles or ignores
   keeps its handler. */
void ik_line_restore_cursor_on_signals(int fd, int only_unhandled);

/* While `quiet` (an indicator draws, its cursor hidden): the terminal on `fd` does not echo
   control characters (ECHOCTL off), so Ctrl-C leaves no `^C` inside the line it interrupts;
   put back when not quiet, on the guard's signals (before the process ends or stops) and
   set again on SIGCONT. Other settings are left as they are. */
void ik_line_quiet_control_echo(int fd, int quiet);

/* Tells the guard of `fd` how many rows the indicator block ending at the cursor has (0: none
   drawn) and whether a signal clears it (`clears`) or leaves it, the cursor below. */
void ik_line_note_block(int fd, int rows, int clears);

/* The rows last noted for `fd`'s block (-1: not told; -2: `fd` has no guard). */
int ik_line_noted_rows(int fd);

/* What the guard writes on SIGINT, SIGTERM, SIGHUP or SIGQUIT for a block of `rows` (-1: not
   told: the cursor's line is cleared): the cursor below the block, or the block cleared, and
   the cursor shown. Returns the bytes written to `out`. Async-signal-safe. */
size_t ik_line_ending_bytes(int rows, int clears, char *out, size_t capacity);

/* The steps the terminal guards' signal handlers share (all async-signal-safe). Sets `handler`
   for `sig` with `flags` (SA_RESTART: interrupted calls go on), the old one kept in `saved`
   when not NULL. */
void ik_signal_handle(int sig, void (*handler)(int), int flags, struct sigaction *saved);

/* Whether nobody in the program takes `sig`: it is at its default action, or only the Swift
   runtime's crash handler (its backtrace) would take it. */
int ik_signal_at_default(int sig);

/* Gives `sig` its default action again and raises it (ending the process, for most). */
void ik_signal_raise_default(int sig);

/* The thread that writes a frame, so that a signal taken on another thread is passed to it:
   an app's frames may be written by whichever thread serves the main queue (an async main
   runs it on a worker), and a write the terminal has stopped reading is interrupted only on
   its own thread. ik_draw_begin records this thread and lets SIGINT, SIGTERM, SIGHUP and
   SIGQUIT in on it; ik_draw_end says the frame is out. In a handler,
   ik_signal_forward_to_drawing_thread passes `sig` to the thread writing now and returns 1
   (the handler then returns at once), or returns 0 where this is that thread or none is. */
void ik_draw_begin(void);
void ik_draw_end(void);
int ik_signal_forward_to_drawing_thread(int sig);

/* Stops the process as SIGTSTP does by default, from inside a SIGTSTP handler (where the
   signal is blocked); returns once continued, 1. The handler is to be set again on SIGCONT,
   and the SIGCONT handler calls ik_signal_note_continued. Returns 0 at once when the kernel
   discarded the stop — a process group without job control (orphaned: started by `setsid`,
   or by a shell that has none) is never stopped, and no SIGCONT will come: the caller then
   takes the terminal back itself, as its SIGCONT handler would. */
int ik_signal_stop_now(void);

/* Stops the process as Ctrl-Z does in a shell: raises SIGTSTP, let in on this thread for the
   moment (threads started for other work block it); returns once the process is continued.
   The one way the full-screen and the inline terminals suspend. */
void ik_stop_self(void);

/* Called by a SIGCONT handler: tells ik_signal_stop_now the stop happened. */
void ik_signal_note_continued(void);

/* A terminal kept quiet while a picture is written to it (one at a time): ik_quiet_begin turns
   the echo of `fd` off, so keys typed meanwhile neither print on the screen nor land inside
   the picture's bytes, and on SIGINT, SIGTERM, SIGHUP or SIGQUIT (when nobody else handles
   them) turns it back on before the signal acts. Returns 0, or -1 (errno set; nothing
   changed). ik_quiet_end puts the modes back, first throwing away what was typed meanwhile
   when `discard_typed`. */
int ik_quiet_begin(int fd);
void ik_quiet_end(int discard_typed);

/* An app's hold on its terminal, inline or full screen (one at a time): input raw (no echo,
   no line editing, no signals from keys, output processing kept), and a self-pipe that
   becomes readable on a resize, on a continue after a stop, or when woken. The one place the
   kit takes the terminal's signals for an app.

   ik_hold_begin saves the modes of `fd` and sets them raw; returns the pipe's read end, or -1
   (errno set) when the modes cannot be read or set. On SIGINT, SIGTERM, SIGHUP or SIGQUIT the
   bytes last given to ik_hold_set_endings (`ending`) are written within half a second, the
   modes restored and the signal raised again; on a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
   SIGABRT, SIGTRAP) the same, then the fault goes to the handler it had (Swift's crash report
   shows on a terminal given back); on SIGTSTP, `stop` is written, the modes restored and the
   process stopped, and once continued the raw modes set again, `resume` written (before the
   thread it interrupted writes more) and the pipe told ('c'). A signal handled or ignored by
   the program before keeps its handler. */
int ik_hold_begin(int fd);

/* What a signal writes: `ending` when the process ends by it, `stop` when it is stopped,
   `resume` when it is continued (each at most ik_hold_ending_capacity() bytes; more is cut).
   Safe to call while a signal may arrive. */
void ik_hold_set_endings(const char *ending, size_t ending_len, const char *stop, size_t stop_len, const char *resume, size_t resume_len);
/* The most bytes an ending, a stop or a resume keeps (more are cut). */
size_t ik_hold_ending_capacity(void);

/* Empties the pipe; returns a bit set: 1 resized, 2 continued after a stop, 4 woken. */
int ik_hold_drain(void);

/* Makes the pipe readable ('i': woken), so a waiting run loop reads input held back. */
void ik_hold_wake(void);

/* Stops the process as Ctrl-Z does in a shell, through the SIGTSTP handler: returns once it is
   continued (the pipe then says so). */
void ik_hold_suspend(void);

/* Restores the modes and the signal handlers as they were before ik_hold_begin, and closes
   the pipe's write end; the read end ik_hold_begin returned is the caller's to close (once
   nothing watches it). Safe to call more than once. */
void ik_hold_end(void);

/* Opens a pseudo-terminal pair. Returns 0, or -1 with errno set. */
int ik_open_pty(int *primary, int *secondary);

#endif
