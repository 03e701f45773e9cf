#pragma once

#define STORE_EXPORT __attribute__((visibility("default")))

namespace store {

class STORE_EXPORT Reader {
public:
    virtual int Get(int key) = 0;
};

class STORE_EXPORT Table final : public Reader {
public:
    int Get(int key) override { return key; }
    //  ^ overrides: include/exported.hpp::store.Reader.Get
    int Count() const { return 0; }
};

}  // namespace store
