#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

/* Running a child process under an indicator: spawning it on pipes, reaping it on a
   thread of our own, and passing interruptions on. POSIX only; no terminal library. */

/* Starts argv (argv[0] looked up in PATH) with its standard output and error on new
   pipes whose read ends go to *out_fd and *err_fd; standard input is shared. The command
   runs in this process's group with no signal blocked; what we ignored ourselves is back
   at its default, what whoever started us ignored (`nohup`) stays ignored.
   Returns -pid on success, an errno value when it could not start. After
   ikp_prepare_to_forward_interruptions, interruptions go to the command from the moment it
   has started. With `aside`, a helper asked a question (tmux, infocmp): its standard input
   is /dev/null and interruptions are not passed to it. */
int ikp_spawn(char *const argv[], int *out_fd, int *err_fd, int aside);
/* Takes SIGINT, SIGTERM and SIGHUP away from every thread but one of its own, which
   waits for them (so no handler interrupts the runtime's threads; a mask inherited from
   whoever started us does not matter), and ignores SIGPIPE. Until a command has started
   they end this process as usual; from then on those another process sends go on to the
   command, and those the terminal sends (which reached the command too) are swallowed. */
void ikp_prepare_to_forward_interruptions(void);
void ikp_forward_interruptions(int pid);
/* How long a command is given to end once interrupted: then it is sent SIGKILL. */
enum { IKP_INTERRUPT_GRACE_SECONDS = 3 };
/* The first interruption (SIGINT, SIGTERM, SIGHUP) that came while a command ran, 0 if none.
   A command that has not ended IKP_INTERRUPT_GRACE_SECONDS after it is sent SIGKILL. */
int ikp_interruption_received(void);
/* Starts a thread that waits for child `pid` and reaps it, then writes two ints to the
   returned descriptor — its exit status or the signal that ended it, and whether a signal
   did ({127, 0} when it is not our child) — and closes its end. -1 when it cannot. */
int ikp_watch_child(int pid);
/* Ends this process by signal `number`, as if it had not been handled. */
void ikp_end_by_signal(int number);

#endif
