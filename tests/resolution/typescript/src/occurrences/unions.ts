// Occurrences (issue 19): a value of a union type has the members of each member type. A member every member
// type inherits from one declaration is that declaration; one each member type declares for itself is one of
// those, with all of them as candidates; one a single member type declares (read after narrowing) is that one.
// `null`, `undefined`, primitives, literals and function types among the members have no project members.
export interface UnionBase {
  unionShared: number;
}

export interface Disc extends UnionBase {
  discRadius: number;
  unionArea(): number;
}

export interface Tile extends UnionBase {
  tileSide: number;
  unionArea(): number;
}

export type Figure = Disc | Tile;

export class Picture {
  figure: Figure | null = null;
  loose: Disc | string | (() => void) | undefined;
}

export function measure(figure: Figure, other: Disc | Tile, picture: Picture): number {
  const first = figure.unionShared + other.unionShared;
  //                   ^ value: src/occurrences/unions.ts::UnionBase.unionShared
  //                                       ^ value: src/occurrences/unions.ts::UnionBase.unionShared
  const area = figure.unionArea();
  //                  ^ ambiguous: src/occurrences/unions.ts::Disc.unionArea, src/occurrences/unions.ts::Tile.unionArea
  const kept = picture.figure?.unionShared ?? 0;
  //                           ^ value: src/occurrences/unions.ts::UnionBase.unionShared
  const loose = picture.loose;
  const reach = typeof loose === "object" ? loose.discRadius : 0;
  //                                               ^ value: src/occurrences/unions.ts::Disc.discRadius
  return first + area + kept + reach;
}

// a union with a member of no known type (a type parameter without constraint, `any`) is no known type: the
// candidates by name stay
export function unknown<T>(value: T | Disc, other: any | Tile): void {
  void value.discRadius;
  //         ^ ambiguous: src/occurrences/unions.ts::Disc.discRadius
  void other.tileSide;
  //         ^ ambiguous: src/occurrences/unions.ts::Tile.tileSide
}
