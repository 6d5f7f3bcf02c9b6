/**
 * The parameters of one query as both SQLite drivers bind them alike. Left alone they differ:
 * better-sqlite3 refuses booleans, which node:sqlite binds as 1 and 0 on Node 24 and refuses on
 * Node 22; node:sqlite refuses undefined, which better-sqlite3 binds as NULL; and node:sqlite
 * takes a leading plain object as named parameters, binding the rest to the wrong places. So
 * booleans become 1 and 0 (how SQLite stores them), undefined NULL, and any other object but a
 * byte array (a Buffer) is refused, on both drivers. The array is copied only when a value changes.
 */
export function bindable(parameters: readonly unknown[]): readonly unknown[] {
  let bound: unknown[] | undefined;
  for (let index = 0; index < parameters.length; index += 1) {
    const value = parameters[index];
    if (typeof value === "boolean" || value === undefined) {
      bound ??= parameters.slice();
      bound[index] = value === undefined ? null : value ? 1n : 0n;
    } else if (typeof value === "object" && value !== null && !ArrayBuffer.isView(value)) {
      const kind = value instanceof Date ? "a Date" : "an object";
      throw new TypeError(
        `SQLite cannot bind parameter ${index + 1}, ${kind}: bind numbers, strings, bigints, booleans, buffers or null`,
      );
    }
  }
  return bound ?? parameters;
}
