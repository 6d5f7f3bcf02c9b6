/**
 * Rows leave the repositories camelCased, as the rest of the server writes names; the columns stay
 * snake_case, as SQL writes them. A table without 0/1 flags or parsed JSON needs no hand-written
 * mapper: its record type is `CamelCased<Selectable<Table>>` and these two functions convert.
 */

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

export type CamelCased<Row> = { [Key in keyof Row as CamelCase<Key & string>]: Row[Key] };

// A handful of column names, converted once each rather than on every row.
const camelNames = new Map<string, string>();
const snakeNames = new Map<string, string>();

function camelName(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
}

function snakeName(field: string): string {
  let name = snakeNames.get(field);
  if (name === undefined) {
    name = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    snakeNames.set(field, name);
  }
  return name;
}

export function camelCased<Row extends object>(row: Row): CamelCased<Row> {
  const record: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) record[camelName(column)] = value;
  return record as CamelCased<Row>;
}

/** The columns of a camelCased record; name the row type: `snakeCased<Insertable<Table>>(record)`. */
export function snakeCased<Row extends object>(record: CamelCased<Row>): Row {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) row[snakeName(field)] = value;
  return row as Row;
}
