import { format } from "./util/format";
import * as strings from "./util/strings";
import describe, { pad as padNumber } from "./util/format";
import { format as formatText } from "./util/strings";

export function useBoth(): string {
  const a = format(1);
  //        ^ defined: src/util/format.ts::format
  const b = strings.format("x");
  //                ^ defined: src/util/strings.ts::format
  const c = formatText("y");
  //        ^ defined: src/util/strings.ts::format
  const d = padNumber("z");
  //        ^ defined: src/util/format.ts::pad
  const e = strings.pad("w");
  //                ^ defined: src/util/strings.ts::pad
  return a + b + c + d + e + describe(2);
  //                         ^ defined: src/util/format.ts::describe
}

export function hoisted(): number {
  return later(2);
  //     ^ defined: src/scopes.ts::later
}

function later(n: number): number {
  return n;
}

export function shadowedByParameter(format: (n: number) => string): string {
  return format(3);
  //     ^ unresolved
}

export function shadowedByLocal(): string {
  const format = (n: number) => `${n}`;
  return format(4);
  //     ^ defined: src/scopes.ts::shadowedByLocal.format
}

export function shadowedByInner(): string {
  function pad(text: string): string {
    return text;
  }
  return pad("v");
  //     ^ defined: src/scopes.ts::shadowedByInner.pad
}

export function closure(): () => string {
  const inner = () => format(5);
  //                  ^ defined: src/util/format.ts::format
  return () => inner();
  //           ^ defined: src/scopes.ts::closure.inner
}

export function recursion(n: number): number {
  return n <= 0 ? 0 : recursion(n - 1);
  //                  ^ defined: src/scopes.ts::recursion
}

export class Counter {
  count = 0;

  increment(): number {
    return bump(this.count);
    //     ^ unresolved
  }

  bump(n: number): number {
    return n + 1;
  }

  twice(): number {
    return this.bump(this.increment());
    //          ^ defined: src/scopes.ts::Counter.bump
    //                    ^ defined: src/scopes.ts::Counter.increment
  }
}

export function nowhere(): void {
  notDefinedAnywhere();
  // ^ unresolved: notDefinedAnywhere from -
}

interface Clock {
  tick(): number;
}

export class Timer {
  start(): number {
    function detached(this: Clock): number {
      return this.tick();
      //          ^ defined: src/scopes.ts::Clock.tick
    }
    function loose(): number {
      return this.stop();
      //          ^ ambiguous: src/scopes.ts::Timer.stop
    }
    const bound = () => this.stop();
    //                       ^ defined: src/scopes.ts::Timer.stop
    return detached.call({ tick: () => 1 }) + loose() + bound();
  }

  stop(): number {
    return 0;
  }
}
