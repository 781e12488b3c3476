type Listener = (...args: unknown[]) => void;

/**
 * A small event emitter for change notifications inside the dev server (chat streams, resets).
 * The same API as Node's EventEmitter for what the core uses, but with no Node dependency, so the
 * core also runs in the browser under MSW.
 */
export class Events {
  private readonly listeners = new Map<string, Set<Listener>>();

  on<A extends unknown[]>(event: string, listener: (...args: A) => void): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    return this;
  }

  off<A extends unknown[]>(event: string, listener: (...args: A) => void): this {
    this.listeners.get(event)?.delete(listener as Listener);
    return this;
  }

  once<A extends unknown[]>(event: string, listener: (...args: A) => void): this {
    const wrapped = (...args: A): void => {
      this.off(event, wrapped);
      listener(...args);
    };
    return this.on(event, wrapped);
  }

  emit(event: string, ...args: unknown[]): boolean {
    const set = this.listeners.get(event);
    if (!set || set.size === 0) return false;
    for (const listener of [...set]) listener(...args);
    return true;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.listeners.clear();
    else this.listeners.delete(event);
    return this;
  }
}
