#define NET_TWICE(x) ((x) * 2)
