import { Entity, User } from "./entity";

export interface Store<T> {
  save(item: T): void;
  find(id: string): T | undefined;
}

export class Repo implements Store<Entity> {
  //                         ^ defined: src/models/repo.ts::Store
  //                               ^ defined: src/models/entity.ts::Entity
  protected items = new Map<string, Entity>();
  //                                ^ defined: src/models/entity.ts::Entity

  save(item: Entity): void {
  //^ overrides: src/models/repo.ts::Store.save
    this.items.set(item.id, item);
    //         ^ unresolved: Map.set
  }

  find(id: string): Entity | undefined {
    return this.items.get(id);
    //                ^ unresolved: Map.get
  }

  first(): Entity {
    return new Entity("0");
    //         ^ defined: src/models/entity.ts::Entity.constructor
  }
}

export class CachedRepo extends Repo {
  save(item: Entity): void {
  //^ overrides: src/models/repo.ts::Repo.save
    super.save(item);
    //    ^ defined: src/models/repo.ts::Repo.save
    this.flush();
    //   ^ defined: src/models/repo.ts::CachedRepo.flush
    this.first().label();
    //   ^ defined: src/models/repo.ts::Repo.first
    //           ^ defined: src/models/entity.ts::Entity.label
  }

  flush(): void {}
}

export function makeRepo(): Repo {
  return new CachedRepo();
  //         ^ defined: src/models/repo.ts::CachedRepo
}

export function makeUser(): User {
  return new User("1", "a@b");
  //         ^ defined: src/models/entity.ts::User.constructor
}

export type AnyRepo = CachedRepo;
