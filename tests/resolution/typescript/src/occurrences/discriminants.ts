// Occurrences (issue 19): a test of a union-typed local's literal-typed property (`x.kind === "a"`, a `case` of
// `switch (x.kind)`, with the cases that fall through to it) or of a key (`"key" in x`) narrows the local to the
// parts of its union it keeps, as TypeScript narrows a discriminated union: a member is then the kept parts'.
export interface Circle {
  readonly kind: "circle";
  radius: number;
  area(): number;
}

export interface Square {
  readonly kind: "square";
  side: number;
  area(): number;
}

export interface Strip {
  readonly kind: 'strip' | "band";
  stripLength: number;
  area(): number;
}

export type Outline = Circle | Square | Strip;

export function size(shape: Outline): number {
  if (shape.kind === "circle") {
    return shape.area();
    //           ^ defined: src/occurrences/discriminants.ts::Circle.area
  }
  switch (shape.kind) {
    case "square":
      return shape.area();
      //           ^ defined: src/occurrences/discriminants.ts::Square.area
    case "band":
    case "circle":
      return shape.area();
      //           ^ ambiguous: src/occurrences/discriminants.ts::Circle.area, src/occurrences/discriminants.ts::Strip.area
    default:  // (none of the cases': a strip, whose kind may be "strip")
      return shape.area();
      //           ^ defined: src/occurrences/discriminants.ts::Strip.area
  }
}

export function others(shape: Outline, pair: Circle | Square): number {
  if (pair.kind !== "square") {
    return pair.area();
    //          ^ defined: src/occurrences/discriminants.ts::Circle.area
  }
  const side = "side" in shape ? shape.area() : 0;
  //                                   ^ defined: src/occurrences/discriminants.ts::Square.area
  if (shape.kind !== "strip") {
    return shape.area();
    //           ^ ambiguous: src/occurrences/discriminants.ts::Circle.area, src/occurrences/discriminants.ts::Square.area, src/occurrences/discriminants.ts::Strip.area
  }
  return side + pair.area();
  //                 ^ defined: src/occurrences/discriminants.ts::Square.area
}

// a local assigned again where the test holds is not narrowed there
export function reassigned(shape: Outline, other: Outline): number {
  if (shape.kind === "circle") {
    shape = other;
    return shape.area();
    //           ^ ambiguous: src/occurrences/discriminants.ts::Circle.area, src/occurrences/discriminants.ts::Square.area, src/occurrences/discriminants.ts::Strip.area
  }
  return 0;
}

// a `readonly` field initialized with a literal (or a value `as const`) has that literal type
export class Leaf {
  readonly tag = "Leaf";
  weight(): number { return 1; }
}

export class Fork {
  tag = "Fork" as const;
  weight(): number { return 2; }
}

export class Loose {
  tag = "Loose";  // (of type string: no discriminant)
  weight(): number { return 3; }
}

export function fallen(tree: Leaf | Fork): number {
  switch (tree.tag) {
    case "Fork":
      tree.weight();
    default:  // (the case above falls into it)
      return tree.weight();
      //          ^ ambiguous: src/occurrences/discriminants.ts::Leaf.weight, src/occurrences/discriminants.ts::Fork.weight
  }
}

export function weigh(tree: Leaf | Fork, loose: Leaf | Loose): number {
  switch (tree.tag) {
    case "Fork":
      return tree.weight();
      //          ^ defined: src/occurrences/discriminants.ts::Fork.weight
  }
  if (loose.tag === "Leaf") {
    return loose.weight();
    //           ^ ambiguous: src/occurrences/discriminants.ts::Leaf.weight, src/occurrences/discriminants.ts::Loose.weight
  }
  // (after the `switch` a case that returned is not ruled out: both, where TypeScript reads a Leaf)
  return tree.weight();
  //          ^ ambiguous: src/occurrences/discriminants.ts::Leaf.weight, src/occurrences/discriminants.ts::Fork.weight
}

// a member chain's discriminant narrows the chain (`holder.tree.tag`: `holder.tree`)
export class Grove {
  tree: Leaf | Fork = new Leaf();
}

export function walk(grove: Grove): number {
  if (grove.tree.tag === "Leaf") {
    return grove.tree.weight();
    //                ^ defined: src/occurrences/discriminants.ts::Leaf.weight
  }
  return grove.tree.weight();
  //                ^ defined: src/occurrences/discriminants.ts::Fork.weight
}
