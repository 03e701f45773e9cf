// Occurrences (issue 19): an object literal's keys set the members of the type it is cast to (`{ a } as T`,
// `satisfies T`). Where T is an alias of another alias, of a generic one, of an intersection, they are the
// members of the type the alias stands for.
export type KeyBase<T> = { keyTouched: boolean; keyValue?: T };
export type KeyDerived<T> = { keyErrors: T[]; keyValid: boolean };
export type KeyMeta<T> = KeyBase<T> & KeyDerived<T>;
export type AnyKeyMeta = KeyMeta<any>;

export function buildKeys(errs: string[], base: KeyBase<any>): AnyKeyMeta {
  const meta = { ...base, keyErrors: errs, keyValid: true } as AnyKeyMeta;
  //                      ^ write: src/occurrences/aliased_keys.ts::KeyDerived.keyErrors
  //                                       ^ write: src/occurrences/aliased_keys.ts::KeyDerived.keyValid
  const checked = { keyTouched: false, keyErrors: errs, keyValid: false } satisfies AnyKeyMeta;
  //                ^ write: src/occurrences/aliased_keys.ts::KeyBase.keyTouched
  return meta.keyValid ? meta : checked;
  //          ^ value: src/occurrences/aliased_keys.ts::KeyDerived.keyValid
}
