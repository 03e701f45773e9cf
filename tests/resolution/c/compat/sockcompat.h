#ifndef SOCKCOMPAT_H
#define SOCKCOMPAT_H
#ifdef _WIN32
int win32_close(int fd);
#define close(fd) win32_close(fd)
#define strcasecmp stricmp
typedef struct win_addr { int family; } sockaddr_t;
#endif
#endif
