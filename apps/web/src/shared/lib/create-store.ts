import { useSyncExternalStore } from 'react';

/** A tiny external store: enough for app-wide state without pulling a state library into the first chunk. */
export interface Store<S> {
  get(): S;
  set(update: Partial<S> | ((state: S) => Partial<S>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Subscribes a component to one slice; the selector must return a value already held in the state (no new objects). */
export function useStore<S extends object, T>(store: Store<S>, selector: (state: S) => T): T {
  const read = () => selector(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
