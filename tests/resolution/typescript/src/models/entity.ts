export interface Named {
  name(): string;
}

export class Entity implements Named {
  constructor(public id: string) {}

  name(): string {
    return format(this.id);
    //     ^ defined: src/models/entity.ts::format
  }

  label(): string {
    return this.name().toUpperCase();
    //          ^ defined: src/models/entity.ts::Entity.name
    //                 ^ unresolved: string.toUpperCase
  }
}

export class User extends Entity {
  constructor(id: string, public email: string) {
    super(id);
    // ^ defined: src/models/entity.ts::Entity.constructor
  }

  name(): string {
  //^ overrides: src/models/entity.ts::Entity.name
    return super.name() + this.email;
    //           ^ defined: src/models/entity.ts::Entity.name
  }
}

export function format(text: string): string {
  return text.trim();
  //          ^ unresolved: string.trim
}
