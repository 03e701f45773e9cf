export class Store {
  constructor(name) {
    this.name = name;
  }

  get(key) {
    return key;
  }

  set(key, value) {
    return this.get(key) ?? value;
    //          ^ defined: src/lib/store.js::Store.get
  }
}

export class CachedStore extends Store {
  //                             ^ defined: src/lib/store.js::Store
  set(key, value) {
  //^ overrides: src/lib/store.js::Store.set
    return super.set(key, value);
    //           ^ defined: src/lib/store.js::Store.set
  }

  clear() {
    return this.name;
  }
}

export function makeStore() {
  return new CachedStore("m");
  //         ^ defined: src/lib/store.js::Store.constructor
}

export const build = () => new Store("b");

export default Store;

export class Registry {
  constructor() {
    this.store = new CachedStore("r");
    this.count = 0;
  }

  lookup(key) {
    this.store.clear();
    //         ^ defined: src/lib/store.js::CachedStore.clear
    return this.store.get(key);
    //                ^ defined: src/lib/store.js::Store.get
  }
}
