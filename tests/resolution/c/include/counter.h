#ifndef COUNTER_H
#define COUNTER_H

#define LIMIT 10
#define CLAMP(v) ((v) > LIMIT ? LIMIT : (v))

struct counter {
    int count;
    int (*step)(int by);
};

extern int total;

int bump(int by);

#endif
