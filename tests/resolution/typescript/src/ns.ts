export namespace Geo {
  export function distance(a: Point, b: Point): number {
    //                        ^ defined: src/ns.ts::Geo.Point
    return Math.hypot(a.x - b.x, a.y - b.y);
    //          ^ unresolved: Math.hypot
  }

  export interface Point {
    x: number;
    y: number;
  }

  export namespace Inner {
    export function origin(): Point {
      //                      ^ defined: src/ns.ts::Geo.Point
      return { x: 0, y: 0 };
    }
  }
}

export enum Color {
  Red,
  Green,
}

export function paint(color: Color): number {
  //                         ^ defined: src/ns.ts::Color
  return Geo.distance(Geo.Inner.origin(), { x: color, y: 0 });
  //         ^ defined: src/ns.ts::Geo.distance
  //                            ^ defined: src/ns.ts::Geo.Inner.origin
}

export interface Shape {
  surface(): number;
}

export interface Solid extends Shape {
  //                           ^ defined: src/ns.ts::Shape
  volume(): number;
}

export abstract class Prism implements Solid {
  //                                   ^ defined: src/ns.ts::Solid
  abstract surface(): number;
  //       ^ overrides: src/ns.ts::Shape.surface

  volume(): number {
  //^ overrides: src/ns.ts::Solid.volume
    return this.surface() * this.height();
    //          ^ defined: src/ns.ts::Prism.surface
    //                           ^ defined: src/ns.ts::Prism.height
  }

  height(): number {
    return 1;
  }
}

export class Cube extends Prism {
  surface(): number {
  //^ overrides: src/ns.ts::Prism.surface
    return 1;
  }
}

export function measure(solid: Solid, cube: Cube): number {
  return solid.volume() + solid.surface() + cube.volume() + cube.surface();
  //           ^ defined: src/ns.ts::Solid.volume
  //                            ^ defined: src/ns.ts::Shape.surface
  //                                             ^ defined: src/ns.ts::Prism.volume
  //                                                             ^ defined: src/ns.ts::Cube.surface
}
