#include "exported.hpp"

namespace store {
int Use(Table* table, Reader* reader) {
//      ^ defined: include/exported.hpp::store.Table
    return table->Count() + reader->Get(1) + table->Get(2);
    //            ^ defined: include/exported.hpp::store.Table.Count
    //                              ^ defined: include/exported.hpp::store.Reader.Get
    //                                              ^ defined: include/exported.hpp::store.Table.Get
}
}  // namespace store
