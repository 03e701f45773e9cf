export function parse(text: string): number;
export function parse(text: string, radix: number): number;
export function parse(text: string, radix = 10): number {
  return Number.parseInt(text, radix);
}

export declare function ambient(value: string): string;
export declare function ambient(value: number): string;

export interface Failure {
  message: string;
}

export const Failure = function (this: Failure, message: string) {
  this.message = message;
} as unknown as new (message: string) => Failure;

export class Stream {
  subscribe(next: (value: number) => void): Stream;
  subscribe(observer: { next: (value: number) => void }): Stream;
  subscribe(arg: unknown): Stream {
    return this;
  }

  pipe(): Stream {
    return this.subscribe(() => {});
    //          ^ defined: src/overloads.ts::Stream.subscribe#3
  }
}

export function use(stream: Stream, other: any): Failure {
  //                                             ^ defined: src/overloads.ts::Failure
  parse("1");
  // ^ defined: src/overloads.ts::parse#3
  ambient(2);
  // ^ defined: src/overloads.ts::ambient
  stream.subscribe(() => {}).pipe();
  //     ^ defined: src/overloads.ts::Stream.subscribe#3
  //                         ^ defined: src/overloads.ts::Stream.pipe
  other.subscribe();
  //    ^ ambiguous: src/overloads.ts::Stream.subscribe#3
  parse.call(null, "2")("3");
  //    ^ unresolved
  return new Failure("no");
  //         ^ defined: src/overloads.ts::Failure#2
}

export interface Widget {
  size(): number;
}

export class Widget {
  constructor(public width: number) {}

  grow(): Widget {
    //    ^ defined: src/overloads.ts::Widget#2
    return new Widget(this.width + 1);
    //         ^ defined: src/overloads.ts::Widget#2.constructor
  }
}

export function measureWidget(widget: Widget, failure: Failure): number {
  //                                  ^ defined: src/overloads.ts::Widget#2
  failure.message.trim();
  //              ^ unresolved: string.trim
  return widget.grow().width;
}

// A name that is both an interface and a const (TypeScript's declaration spaces): a value position names
// the value, a type position the type.
export interface Shape {
  area(): number;
}

export const Shape = { unit: 1 };

export function shapeUnit(shape: Shape): number {
  //                             ^ defined: src/overloads.ts::Shape
  const copy = Shape;
  //           ^ value: src/overloads.ts::Shape#2
  let held: typeof Shape = Shape;
  //               ^ value: src/overloads.ts::Shape#2
  //                       ^ value: src/overloads.ts::Shape#2
  held = copy;
  return Shape.unit + shape.area() + held.unit;
  //     ^ value: src/overloads.ts::Shape#2
  //                        ^ defined: src/overloads.ts::Shape.area
}

export const shapeCopy = Shape;
//                       ^ value: src/overloads.ts::Shape#2
