#include <unistd.h>
#include <strings.h>
#include "netutil.h"

/* macros and types of a header the include chain never reaches are not seen */
int net_close(int fd) {
    return close(fd);
    //     ^ unresolved: close
}

int same(const char *a, const char *b, sockaddr_t *addr) {
    //                                 ^ unresolved: sockaddr_t
    return strcasecmp(a, b) == 0;
    //     ^ unresolved: strcasecmp
}

/* through an included header's own include, they are */
int twice_ready(void) {
    return NET_TWICE(net_ready());
    //     ^ defined: net/netmacros.h:1
}
