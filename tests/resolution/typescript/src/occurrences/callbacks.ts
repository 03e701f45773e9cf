// Occurrences (issue 19): what a call passes takes the declared type of the callee's parameter: an
// untyped callback's parameters, an object argument's keys.
export class Sink<T> {
  next(value: T): void {}
  complete(): void {}
}

export class Stream<T> {
  constructor(subscribe?: (this: Stream<T>, sink: Sink<T>) => void) {}
}

export function operate<T>(init: (source: Stream<T>, sink: Sink<T>) => void): void {}

export interface Request {
  url: string;
  retries: number;
}

export function send(request: Request): void {}

export function run(): void {
  new Stream<number>((sink) => {
    sink.next(1);
    //   ^ defined: src/occurrences/callbacks.ts::Sink.next
  });
  operate((source, sink) => {
    sink.complete();
    //   ^ defined: src/occurrences/callbacks.ts::Sink.complete
  });
  send({ url: "x", retries: 2 });
  //     ^ write: src/occurrences/callbacks.ts::Request.url
}
