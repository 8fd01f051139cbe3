// Linux pipe calls Glibc's Swift module does not export: vmsplice (a
// _GNU_SOURCE declaration of <fcntl.h>) and FIONREAD through ioctl, which
// is variadic and so not callable from Swift.
#ifndef MESHGRAD_CPIPE_SHIM_H
#define MESHGRAD_CPIPE_SHIM_H

#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/uio.h>

ssize_t vmsplice(int fd, const struct iovec *iov, size_t nr_segs, unsigned int flags);

/// Bytes written into the pipe `fd` and not read yet; -1 on error.
static inline int meshgrad_pipe_unread(int fd) {
    int unread = 0;
    return ioctl(fd, FIONREAD, &unread) == 0 ? unread : -1;
}

#endif
