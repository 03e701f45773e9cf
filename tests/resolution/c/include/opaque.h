#ifndef OPAQUE_H
#define OPAQUE_H

/* ``struct handle`` is the tag, never the typedef being declared: the struct one ``.c`` file defines,
   which another translation unit could define otherwise (a guess) */
typedef struct handle handle;
//             ^ ambiguous: lib/handle.c:4
typedef struct nowhere nowhere;
//             ^ unresolved: nowhere

int handle_close(handle *h);
//               ^ defined: include/opaque.h:6

#endif
