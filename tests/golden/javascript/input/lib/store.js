/**
 * A tiny key-value store.
 */
export class Store {
  constructor(name) {
    this.name = name;
    this.data = {};
  }

  get size() {
    return Object.keys(this.data).length;
  }

  set(key, value) {
    this.data[key] = value;
    return this;
  }

  static create(name = "default") {
    return new Store(name);
  }
}

export class CachedStore extends Store {
  set(key, value) {
    super.set(key, value);
    return this;
  }
}

export default Store;
