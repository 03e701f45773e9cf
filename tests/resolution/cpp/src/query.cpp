// a fluent builder: each method returns the object (by reference, pointer or value), so a chain of calls
// nests as deep as it is long
namespace db {

class Query {
public:
    Query& where(int field) { return *this; }
    Query* limit(int count) { return this; }
    Query page(int size) { return *this; }
    int build() { return 0; }
};

Query make() { return Query(); }

int report() {
    Query query;
    return query.where(1).where(2).page(3).limit(4)->page(5).build();
    //                     ^ defined: src/query.cpp::db.Query.where
    //                                                ^ defined: src/query.cpp::db.Query.page
    //                                                        ^ defined: src/query.cpp::db.Query.build
}

int started() {
    return make().where(1).build() + Query().page(2).build();
    //             ^ defined: src/query.cpp::db.Query.where
    //                      ^ defined: src/query.cpp::db.Query.build
    //                                        ^ defined: src/query.cpp::db.Query.page
}

}  // namespace db
