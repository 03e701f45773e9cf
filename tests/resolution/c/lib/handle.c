#include "opaque.h"

/* the tag of the file itself, beside the header's typedef of that name */
struct handle {
    int fd;
};

int handle_close(struct handle *h) {
    //                  ^ defined: lib/handle.c:4
    return h->fd;
}
