// Occurrences (issue 19): a destructured key reads the member of what is destructured, at the token
// that declares the local too.
export interface Options {
  url: string;
  retries: number;
  nested: Nested;
}

export interface Nested {
  depth: number;
}

export class Client {
  private options!: Options;
  closed = false;

  run(given: Options): number {
    const { closed } = this;
    //      ^ value: src/occurrences/destructuring.ts::Client.closed
    //      ^ declares: variable
    const { url, retries = 3 } = this.options;
    //      ^ value: src/occurrences/destructuring.ts::Options.url
    //           ^ value: src/occurrences/destructuring.ts::Options.retries
    const { nested: { depth }, url: address } = given;
    //      ^ value: src/occurrences/destructuring.ts::Options.nested
    //                ^ value: src/occurrences/destructuring.ts::Nested.depth
    //                         ^ value: src/occurrences/destructuring.ts::Options.url
    //                              ^ declares: variable
    return closed ? depth : url.length + retries + address.length;
    //     ^ local: 18
  }
}

// a destructured parameter reads the members of its declared type
export function connect({ url, nested: { depth } }: Options, { retries }: Partial<Options> = {}): number {
  //                      ^ value: src/occurrences/destructuring.ts::Options.url
  //                           ^ value: src/occurrences/destructuring.ts::Options.nested
  //                                     ^ value: src/occurrences/destructuring.ts::Nested.depth
  //                                                              ^ value: src/occurrences/destructuring.ts::Options.retries
  return url.length + depth + (retries ?? 0);
}

// a pattern typed by an anonymous object type reads that type's member (its property local)
export const loose = ({ url }: { url: string }) => url;
//                      ^ local: 44

// an empty object as the fallback adds no member: the keys are those of what it stands in for
export function fallback(given: Options | undefined): number {
  const { retries } = given || {};
  //        ^ value: src/occurrences/destructuring.ts::Options.retries
  const { url } = (given ?? {});
  //        ^ value: src/occurrences/destructuring.ts::Options.url
  const { nested } = given || { nested: { depth: 0 } };
  //        ^ none
  return (retries ?? 0) + (url ?? "").length + nested.depth;
}
