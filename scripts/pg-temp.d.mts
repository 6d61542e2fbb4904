/** Types of pg-temp.mjs, for the server's tests. */
export interface TempPostgres {
  url: string;
  /** pg_ctl on this cluster with its port and options, not blocking: `ctl('restart', '-m', 'fast')`, `ctl('start')`. */
  ctl(...args: string[]): Promise<void>;
  stop(): void;
}

export function startTempPostgres(port?: number): TempPostgres | undefined;
