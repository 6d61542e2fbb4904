import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  message: string;
  stack?: string;
  /** Where it came from: a React component stack, or the source of an uncaught error. */
  info: string;
  url: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: Omit<ErrorLogEntry, 'id' | 'time' | 'url'> & { url?: string }): void;
  clear(): void;
}

/** Only the latest entries are kept: an error in a render loop must not grow memory forever. */
const MAX_LOGS = 50;
let nextId = 1;

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  add(entry) {
    const full = { ...entry, id: nextId++, url: entry.url ?? window.location.href, time: Date.now() };
    set((s) => ({ logs: [...s.logs, full].slice(-MAX_LOGS) }));
  },
  clear() {
    set({ logs: [] });
  },
}));
