// Occurrences (issue 19): calling a value declared with a function type alias (or an interface with a call
// signature) gives what that type returns, as calling a function gives what it declares it returns.
export interface Lookup {
  lookupHits: Hit[];
  lookupMiss: boolean;
}

export class Hit {
  hitName = "";
}

export class Other {
  lookupHits: Hit[] = [];
  lookupMiss = false;
}

export type LookupFn = (key: string) => Lookup;

export interface Finder {
  (key: string): Lookup;
}

export class Index {
  find: LookupFn = (key) => ({ lookupHits: [], lookupMiss: key === "" });

  firstHit(key: string): string {
    const { lookupHits } = this.find(key);
    //      ^ value: src/occurrences/called_values.ts::Lookup.lookupHits
    return this.find(key).lookupMiss ? "" : lookupHits[0]!.hitName;
    //                    ^ value: src/occurrences/called_values.ts::Lookup.lookupMiss
  }
}

export function search(finder: Finder): boolean {
  return finder("a").lookupMiss;
  //                 ^ value: src/occurrences/called_values.ts::Lookup.lookupMiss
}

export const lookup: LookupFn = (key) => ({ lookupHits: [], lookupMiss: key !== "" });

export function hits(): Hit[] {
  return lookup("c").lookupHits;
  //                 ^ value: src/occurrences/called_values.ts::Lookup.lookupHits
}
