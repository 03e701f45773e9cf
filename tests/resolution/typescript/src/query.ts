// a fluent builder: methods typed `this` return their receiver, so a chain of calls nests as deep as it is
// long; it may start at a created object or at a factory
export class Query {
  where(field: string): this {
    return this;
  }
  limit(count: number): this {
    return this;
  }
  page(size: number): Query {
    return this;
  }
  build(): string {
    return "";
  }
  static make(): Query {
    return new Query();
  }
}

export function report(): string {
  return new Query().where("a").limit(10).page(2).where("b").limit(3).build();
  //                            ^ defined: src/query.ts::Query.limit
  //                                      ^ defined: src/query.ts::Query.page
  //                                                         ^ defined: src/query.ts::Query.limit
  //                                                                  ^ defined: src/query.ts::Query.build
}

export function started(): string {
  return Query.make().where("a").limit(1).build();
  //                             ^ defined: src/query.ts::Query.limit
  //                                      ^ defined: src/query.ts::Query.build
}
