// ``for (const { a } of xs)`` destructures each element of xs: its keys read the members of xs's element type,
// as ``const { a } = xs[i]`` does; ``for … in`` gives keys (strings), whose members are no project's.
interface Listener {
  target: string;
  eventType: string;
}

export class Channel {
  private listeners: Array<Listener> = [];
  private others: Listener[] = [];

  clear(): number {
    let count = 0;
    for (const { target, eventType: kind } of this.listeners) {
      //         ^ value: src/occurrences/for_of.ts::Listener.target
      //                 ^ value: src/occurrences/for_of.ts::Listener.eventType
      count += target.length + kind.length;
    }
    for (const { eventType } of this.others) {
      //         ^ value: src/occurrences/for_of.ts::Listener.eventType
      count += eventType.length;
    }
    return count;
  }
}

export function keys(listener: Listener): number {
  let count = 0;
  for (const { length } in listener) {
    //         ^ none
    count += length;
  }
  return count;
}
