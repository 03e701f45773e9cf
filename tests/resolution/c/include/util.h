#ifndef UTIL_H
#define UTIL_H

int util_max(int a, int b);
int declared_only(int a);

#endif
