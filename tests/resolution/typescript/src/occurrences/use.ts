// Occurrences (issue 19): imported names at their own token, values, shadowing, typeof and instanceof.
import { Relay, Logger, LIMIT as limit, onValue } from "./sink";
//       ^ import: src/occurrences/sink.ts::Relay
//                      ^ import: src/occurrences/sink.ts::LIMIT
//                                                      ^ defined: src/occurrences/sink.ts:1
import * as sink from "./sink";
export { onValue as handler } from "./sink";
//       ^ import: src/occurrences/sink.ts::onValue

const window = { next(v: number): void {} };

export function fanOut(windows: Relay<number>[], v: number): number {
  for (const window of windows) window.next(v);
  //         ^ declares: variable
  //                            ^ local: 13
  //                                   ^ defined: src/occurrences/sink.ts::Relay.next
  const handlers = { onValue, run: onValue };
  //                 ^ value: src/occurrences/sink.ts::onValue
  //                               ^ value: src/occurrences/sink.ts::onValue
  register(onValue);
  //       ^ value: src/occurrences/sink.ts::onValue
  const made: typeof Logger = Logger;
  //                 ^ value: src/occurrences/sink.ts::Logger
  if (handlers instanceof Logger) {
    //                    ^ value: src/occurrences/sink.ts::Logger
    return limit;
    //     ^ value: src/occurrences/sink.ts::LIMIT
  }
  try {
    made.prototype;
  } catch (error) {
    //     ^ declares: variable
    return error ? 0 : sink.LIMIT;
    //     ^ local: 31
    //                 ^ value: src/occurrences/sink.ts:1
    //                      ^ value: src/occurrences/sink.ts::LIMIT
  }
  return [1, 2].map((v) => v + 1)[0] + v;
  //                       ^ local: 38
  //                                   ^ local: 12
}

window.next(1);
// ^ value: src/occurrences/use.ts::window

function register(callback: (n: number) => void): void {
  callback(1);
  // ^ local: 46
}

// a member chain whose head is a local another block beside it declares again (a callback's parameter of the
// same name): the chain reads the local in effect where it is written, with that local's declared type
export interface Job {
  jobDone: boolean;
  jobRun(): void;
}

export function track(jobs: string[]): void {
  const job: Job = { jobDone: false, jobRun: () => {} };
  const finish = () => {
    job.jobDone = jobs.some((job) => job.length > 0);
    //  ^ write: src/occurrences/use.ts::Job.jobDone
    job.jobRun();
    //  ^ defined: src/occurrences/use.ts::Job.jobRun
  };
  finish();
}
