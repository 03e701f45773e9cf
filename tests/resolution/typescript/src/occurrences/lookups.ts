// Occurrences (issue 19): the string key of an indexed access type names the member of the object type; a
// type parameter's members are its constraint's.
export interface RouteTypes {
  routeKey: string;
  params: Params;
}

export interface Params {
  page: number;
}

export interface Route {
  types: RouteTypes;
  path: string;
}

export type AnyRoute = Route;

export type RouteId<TRoute extends AnyRoute> = TRoute["types"]["routeKey"];
//                                                    ^ value: src/occurrences/lookups.ts::Route.types
//                                                             ^ value: src/occurrences/lookups.ts::RouteTypes.routeKey

export type Page<TRoute extends Route> = TRoute["types"]["params"]["page"];
//                                                                 ^ value: src/occurrences/lookups.ts::Params.page

// a type parameter constrained by another one: the constraint's constraint
export type PathOf<TBase extends Route, TRoute extends TBase> = TRoute["path"];
//                                                                     ^ value: src/occurrences/lookups.ts::Route.path

// an unconstrained type parameter has no members to name: nothing is said
export type Loose<T> = T["path"];
//                       ^ none

export class Router {
  routes: Route[] = [];
  firstRoutes(): this["routes"] {
    //                 ^ value: src/occurrences/lookups.ts::Router.routes
    return this.routes;
  }
}

// a type parameter declared in an inner scope hides the outer one of its name
export function pick<TRoute extends Params>(route: TRoute): <TRoute extends Route>(r: TRoute) => TRoute["path"] {
  //                                                                                                    ^ value: src/occurrences/lookups.ts::Route.path
  return (r) => r.path + String(route.page);
}

// a type alias that names itself (a recursive type) uses itself there, as a recursive function calls itself
export type Flatten<T> = T extends [infer Head, ...infer Rest] ? [Head, ...Flatten<Rest>] : [];
//                                                                          ^ defined: src/occurrences/lookups.ts::Flatten

// an `infer` variable's constraint is a use of that type, and the variable has its members
export type RootPath<T> = T extends Array<infer R extends Route> ? R["path"] : never;
//                                                        ^ defined: src/occurrences/lookups.ts::Route
//                                                                   ^ value: src/occurrences/lookups.ts::Route.path

// a destructured parameter of an untyped callback reads the members of the callee's parameter type
export function paths(routes: Route[]): string[] {
  return routes.map(({ path }) => path);
  //                   ^ value: src/occurrences/lookups.ts::Route.path
}
