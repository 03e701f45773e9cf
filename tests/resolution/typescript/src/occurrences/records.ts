// Occurrences (issue 19): a record (``Record<string, V>``, an object type with one index signature) holds values
// of its value type: reading it by a key, or iterating ``Object.values`` of it, gives a V.
export class Route {
  path = "";
  load(): void {}
}

export interface Match {
  routeId: string;
}

export type RoutesById = Record<string, Route>;

export class Router {
  routesById: Record<string, Route> = {};
  byPath: { [path: string]: Route } = {};
  aliased: RoutesById = {};

  get looseRoutesById() {
    return this.routesById as Record<string, Route>;
  }

  load(match: Match): void {
    const route = this.looseRoutesById[match.routeId]!;
    route.load();
    //    ^ defined: src/occurrences/records.ts::Route.load
    const other = this.byPath[match.routeId];
    other.path;
    //    ^ value: src/occurrences/records.ts::Route.path
    const third = this.aliased[match.routeId];
    third.path;
    //    ^ value: src/occurrences/records.ts::Route.path
    for (const each of Object.values(this.routesById)) {
      each.load();
      //   ^ defined: src/occurrences/records.ts::Route.load
    }
  }
}

export function first(matches: Record<string, Match>, id: string): string {
  const found = matches[id];
  return found.routeId;
  //           ^ value: src/occurrences/records.ts::Match.routeId
}

// a callback over Object.values of a record or an array gets its values, as a for … of over them does
export function visit(matches: Record<string, Match>, list: Match[]): void {
  Object.values(matches).forEach((match) => match.routeId);
  //                                              ^ value: src/occurrences/records.ts::Match.routeId
  Object.values(list).map((each) => each.routeId);
  //                                     ^ value: src/occurrences/records.ts::Match.routeId
  Object.values(matches).reduce((total, match) => total + match.routeId.length, 0);
  //                                                            ^ value: src/occurrences/records.ts::Match.routeId
}
