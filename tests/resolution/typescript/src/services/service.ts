import { Repo, CachedRepo, makeRepo, makeUser, type AnyRepo, type Store } from "../models/repo";
import { Entity, User } from "../models/entity";
import * as models from "../models/entity";

export class Service {
  private cache: CachedRepo | null = null;
  other = new Repo();
  maybe?: User;

  constructor(private repo: Repo, readonly store: Store<Entity>) {}

  get current(): User {
    return makeUser();
    //     ^ defined: src/models/repo.ts::makeUser
  }

  fields(): void {
    this.repo.save(new Entity("x"));
    //        ^ defined: src/models/repo.ts::Repo.save
    //                 ^ defined: src/models/entity.ts::Entity.constructor
    this.store.save(new Entity("y"));
    //         ^ defined: src/models/repo.ts::Store.save
    this.other.find("1");
    //         ^ defined: src/models/repo.ts::Repo.find
    this.cache!.flush();
    //          ^ defined: src/models/repo.ts::CachedRepo.flush
    this.maybe?.label();
    //          ^ defined: src/models/entity.ts::Entity.label
    this.current.name();
    //           ^ defined: src/models/entity.ts::User.name
    this.repo.missing();
    //        ^ unresolved: this.repo.missing
  }

  parameters(user: User, entity: models.Entity, alias: AnyRepo, plain: string): void {
    user.label();
    //   ^ defined: src/models/entity.ts::Entity.label
    user.name();
    //   ^ defined: src/models/entity.ts::User.name
    entity.name();
    //     ^ defined: src/models/entity.ts::Entity.name
    alias.flush();
    //    ^ defined: src/models/repo.ts::CachedRepo.flush
    alias.save(user);
    //    ^ defined: src/models/repo.ts::CachedRepo.save
    plain.split(",");
    //    ^ unresolved: string.split
  }

  locals(): void {
    const repo = new CachedRepo();
    repo.flush();
    //   ^ defined: src/models/repo.ts::CachedRepo.flush
    repo.find("2");
    //   ^ defined: src/models/repo.ts::Repo.find
    const made = makeRepo();
    made.first();
    //   ^ defined: src/models/repo.ts::Repo.first
    let typed: User;
    typed = makeUser();
    typed.label();
    //    ^ defined: src/models/entity.ts::Entity.label
    const cast = this.store as Repo;
    cast.first();
    //   ^ defined: src/models/repo.ts::Repo.first
    const qualified = new models.User("3", "c@d");
    //                           ^ defined: src/models/entity.ts::User.constructor
    qualified.name();
    //        ^ defined: src/models/entity.ts::User.name
  }

  chains(): void {
    makeRepo().first().label();
    //         ^ defined: src/models/repo.ts::Repo.first
    //                 ^ defined: src/models/entity.ts::Entity.label
    new CachedRepo().flush();
    //               ^ defined: src/models/repo.ts::CachedRepo.flush
    (new Repo()).first();
    //           ^ defined: src/models/repo.ts::Repo.first
    this.repo.first().name();
    //                ^ defined: src/models/entity.ts::Entity.name
    makeUser().email.trim();
    //               ^ unresolved: string.trim
  }

  reassigned(flag: boolean): void {
    let either = new Repo();
    if (flag) {
      either = new CachedRepo();
    }
    either.first();
    //     ^ defined: src/models/repo.ts::Repo.first
    either.flush();
    //     ^ unresolved: either.flush
  }

  untyped(thing: any, rows: unknown[]): void {
    thing.label();
    //    ^ ambiguous: src/models/entity.ts::Entity.label
    thing.save(1);
    //    ^ ambiguous: src/models/repo.ts::Store.save, src/models/repo.ts::Repo.save, src/models/repo.ts::CachedRepo.save
    rows.forEach((row) => row.flush());
    //                        ^ ambiguous: src/models/repo.ts::CachedRepo.flush
  }
}

export function utilities(frozen: Readonly<Repo>, sure: NonNullable<User | null>, computed: ReturnType<typeof makeRepo>): void {
  frozen.first();
  //     ^ defined: src/models/repo.ts::Repo.first
  sure.label();
  //   ^ defined: src/models/entity.ts::Entity.label
  computed.first();
  //       ^ defined: src/models/repo.ts::Repo.first
}

export function defaults(repo = new CachedRepo(), count = 0): void {
  repo.flush();
  //   ^ defined: src/models/repo.ts::CachedRepo.flush
  count.toFixed();
  //    ^ unresolved: count.toFixed
}
