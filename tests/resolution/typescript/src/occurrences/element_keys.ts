// The string key of an element access names the member as a dotted name does (``obj["title"]`` reads
// ``obj.title``): read, written where the access is assigned to; a key that is no plain name names nothing.
export interface Annotations {
  title?: string;
  description?: string;
}

export function strip(annotations: Annotations): string {
  if (annotations["title"] === "") {
    //            ^ value: src/occurrences/element_keys.ts::Annotations.title
    delete annotations["title"];
    //                 ^ value: src/occurrences/element_keys.ts::Annotations.title
  }
  annotations["description"] = "none";
  //          ^ write: src/occurrences/element_keys.ts::Annotations.description
  const dashed = (annotations as Record<string, string>)["no-such"];
  return dashed;
}
