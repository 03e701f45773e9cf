#pragma once
#include <vector>

namespace tally {

int limit = 10;

int step(int by);

class Tally {
public:
    static const int kStart = 0;
    explicit Tally(int start);
    void add(int by);
    int sum(const std::vector<int>& values);
    int count;

private:
    int total_;
};

}  // namespace tally
