#include "exportmacro.h"

DECLSPEC_IMPORT int WSAAPI GetAddrInfoW(const char *node);
//              ^ none

INLINE static int helper(int x) { return x; }
//            ^ none

int use(void) {
    my_init();
//  ^ defined: lib/exportmacro.h:3
    my_close(GetAddrInfoW("x"));
//           ^ defined: lib/exportmacro.c:3
    return helper(1);
//         ^ defined: lib/exportmacro.c:6
}
