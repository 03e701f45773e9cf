// Occurrences (issue 19): fields read and written through declared types, parameter properties,
// type parameters as locals.
export interface Sink<T> {
  next(value: T): void;
}

export class Logger<T> implements Sink<T> {
  lines: T[] = [];

  next(value: T): void {
    this.lines.push(value);
    //   ^ value: src/occurrences/sink.ts::Logger.lines
  }
}

export const LIMIT = 10;

export function onValue(value: number): void {}

export class Relay<T> {
  //               ^ declares: type_parameter
  static readonly DEFAULT = 3;
  private destination: Sink<T>;
  private backup = new Logger<T>();
  count = 0;

  constructor(private readonly fallback: Logger<T>, destination: Sink<T>) {
    //                                              ^ declares: parameter
    this.destination = destination;
    //   ^ write: src/occurrences/sink.ts::Relay.destination
    //                 ^ local: 27
  }

  next(value: T): void {
    //        ^ local: 20
    this.destination.next(value);
    //   ^ value: src/occurrences/sink.ts::Relay.destination
    //               ^ defined: src/occurrences/sink.ts::Sink.next
    this.backup.next(value);
    //          ^ defined: src/occurrences/sink.ts::Logger.next
    this.fallback.next(value);
    //            ^ defined: src/occurrences/sink.ts::Logger.next
    this.count += 1;
    //   ^ write: src/occurrences/sink.ts::Relay.count
    const limit = Relay.DEFAULT + LIMIT;
    //                  ^ value: src/occurrences/sink.ts::Relay.DEFAULT
    //                            ^ value: src/occurrences/sink.ts::LIMIT
  }
}
