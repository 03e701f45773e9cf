#include <sockcompat.h>

/* ``<sockcompat.h>`` is not found (no include directory holds it), but names compat/sockcompat.h under
   some -I: what that header defines may be what is meant, not surely */
int guess_close(int fd) {
    return close(fd);
    //     ^ ambiguous: compat/sockcompat.h:5
}
