/* A pseudo-terminal: its primary and secondary sides. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "CTerminalIO.h"

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
