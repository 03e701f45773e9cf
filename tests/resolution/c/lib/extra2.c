int twice(int x) {
    return x + x;
}

int use_local(void) {
    return local_only();
    //     ^ unresolved: local_only
}
