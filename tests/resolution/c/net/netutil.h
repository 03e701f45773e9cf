#include "netmacros.h"
int net_ready(void);
