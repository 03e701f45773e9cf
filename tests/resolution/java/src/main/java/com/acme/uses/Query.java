package com.acme.uses;

// a fluent builder: each call's receiver is the previous call's result, so a chain of calls nests as
// deep as it is long; it may start at a created object
class Query {
    Query where(String field) { return this; }
    Query and(String field) { return this; }
    Query orderBy(String field) { return this; }
    Query limit(int count) { return this; }
    Query offset(int count) { return this; }
    Query page(int size) { return this; }
    Query distinct() { return this; }
    String build() { return ""; }

    static String report() {
        return new Query().where("a").and("b").and("c").orderBy("d").limit(10).offset(5).page(2).distinct().build();
        //                 ^ defined: src/main/java/com/acme/uses/Query.java::Query.where
        //                                                                                       ^ defined: src/main/java/com/acme/uses/Query.java::Query.distinct
        //                                                                                                  ^ defined: src/main/java/com/acme/uses/Query.java::Query.build
    }

    static String started() {
        Query query = new Query();
        var first = new Query().where("a");
        var later = query.where("a").and("b").limit(1);
        //                                    ^ defined: src/main/java/com/acme/uses/Query.java::Query.limit
        later.page(3);
        //    ^ defined: src/main/java/com/acme/uses/Query.java::Query.page
        return first.build();
        //           ^ defined: src/main/java/com/acme/uses/Query.java::Query.build
    }
}
