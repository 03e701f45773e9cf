import { Entity, User } from "./models/entity";
import { Repo } from "./models/repo";

export class Box<T> {
  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  map<U>(fn: (value: T) => U): Box<U> {
  //                           ^ defined: src/generics.ts::Box
    return new Box<U>(fn(this.value));
    //         ^ defined: src/generics.ts::Box.constructor
  }
}

export function wrap(entity: Entity): Box<Entity> {
  //                                      ^ defined: src/models/entity.ts::Entity
  return new Box<Entity>(entity);
  //             ^ defined: src/models/entity.ts::Entity
}

export function lookup(): Map<string, Array<User>> {
  //                                        ^ defined: src/models/entity.ts::User
  const found = new Map<string, Array<User>>();
  //                                  ^ defined: src/models/entity.ts::User
  return found;
}

// a value of a type parameter has its constraint's members (as TypeScript looks them up)
export function generic<T extends Entity>(item: T): T {
  //                              ^ defined: src/models/entity.ts::Entity
  item.label();
  //   ^ defined: src/models/entity.ts::Entity.label
  return item;
}

export function boxed(): string {
  const box = wrap(new User("u", "e"));
  return box.get().name();
  //         ^ defined: src/generics.ts::Box.get
}

export function calls(): Repo[] {
  const list: Array<Repo> = [];
  //                ^ defined: src/models/repo.ts::Repo
  useType<Repo>(list);
  //      ^ defined: src/models/repo.ts::Repo
  return list;
}

function useType<T>(items: T[]): T[] {
  return items;
}
