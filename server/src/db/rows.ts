/** The rows of a raw `db.execute(sql…)` result, typed by the caller (both drivers answer `{ rows }`). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
