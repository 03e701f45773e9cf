// A member a generic type declares with its own type parameter (`value: T` of `class Holder<T>`) holds, read
// through a type whose base gives that parameter an argument (`extends Holder<Coin>`), a value of the argument's
// type: through a chain of bases (`Middle<U> extends Holder<U>`, `Purse extends Middle<Note>`), for interfaces
// too, and for a type named in its own base's arguments (`extends Holder<Link>` in `class Link`).
export class Coin {
  spend(): number { return 1; }
}

export class Note {
  fold(): string { return ""; }
}

export class Holder<T> {
  held: T;
  constructor(held: T) { this.held = held; }
  take(): T { return this.held; }
}

export class CoinHolder extends Holder<Coin> {
  both(): number {
    return this.held.spend() + this.take().spend();
    //                ^ defined: src/occurrences/generic_bases.ts::Coin.spend
    //                                      ^ defined: src/occurrences/generic_bases.ts::Coin.spend
  }
}

export class Middle<U> extends Holder<U> {}

export class Purse extends Middle<Note> {}

export interface Source<T> {
  next(): T;
  last: T;
}

export interface NoteSource extends Source<Note> {}

export class Link extends Holder<Link> {
  hop(): void {}
}

export interface Chain extends Source<Chain> {
  step(): void;
}

export function use(coins: CoinHolder, purse: Purse, notes: NoteSource, link: Link, chain: Chain): void {
  new CoinHolder(new Coin()).held.spend();
  //                              ^ defined: src/occurrences/generic_bases.ts::Coin.spend
  coins.take().spend();
  //           ^ defined: src/occurrences/generic_bases.ts::Coin.spend
  purse.held.fold();
  //         ^ defined: src/occurrences/generic_bases.ts::Note.fold
  notes.next().fold();
  //           ^ defined: src/occurrences/generic_bases.ts::Note.fold
  notes.last.fold();
  //         ^ defined: src/occurrences/generic_bases.ts::Note.fold
  const kept = coins.held;
  kept.spend();
  //   ^ defined: src/occurrences/generic_bases.ts::Coin.spend
  const taken = purse.take();
  taken.fold();
  //    ^ defined: src/occurrences/generic_bases.ts::Note.fold
  link.take().take().hop();
  //                 ^ defined: src/occurrences/generic_bases.ts::Link.hop
  chain.next().next().step();
  //                  ^ defined: src/occurrences/generic_bases.ts::Chain.step
  chain.step();
  //    ^ defined: src/occurrences/generic_bases.ts::Chain.step
}

// the type parameter's own type, read through the generic type itself, stays unknown: the candidates by name
export function plain<T>(holder: Holder<T>): void {
  holder.take().spend();
  //            ^ ambiguous: src/occurrences/generic_bases.ts::Coin.spend
}

// a parameter with a constraint holds the argument too (the constraint's members where none is given), alone or
// in an intersection with named types
export interface PlainInfo {
  header: string;
}

export interface FrameInfo {
  frame: string;
}

export interface QueryInfo extends PlainInfo {
  operation: string;
}

export abstract class Handler<Info extends PlainInfo = PlainInfo> {
  info: Info & FrameInfo;
  bare: Info;
  constructor(info: Info) {
    this.info = { ...info, frame: "" };
    this.bare = info;
  }
  headerLine(): string {
    return this.info.header + this.bare.header;
    //               ^ value: src/occurrences/generic_bases.ts::PlainInfo.header
    //                                  ^ value: src/occurrences/generic_bases.ts::PlainInfo.header
  }
}

export class QueryHandler extends Handler<QueryInfo> {
  operationLine(): string {
    return this.info.operation + this.info.frame + this.bare.operation;
    //               ^ value: src/occurrences/generic_bases.ts::QueryInfo.operation
    //                                     ^ value: src/occurrences/generic_bases.ts::FrameInfo.frame
    //                                                       ^ value: src/occurrences/generic_bases.ts::QueryInfo.operation
  }
}
