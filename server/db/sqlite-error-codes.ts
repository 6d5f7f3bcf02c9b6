/**
 * SQLite's result codes by number, for node:sqlite, whose errors carry only the number
 * (`errcode`): our error handling reads better-sqlite3's names (`SQLITE_CONSTRAINT_FOREIGNKEY`),
 * so both drivers' errors say the same. The primary code is the low byte; an extended code adds
 * its index in the primary code's list below, shifted left by 8 (sqlite3.h, "Extended Result Codes").
 */
const PRIMARY = [
  "OK",
  "ERROR",
  "INTERNAL",
  "PERM",
  "ABORT",
  "BUSY",
  "LOCKED",
  "NOMEM",
  "READONLY",
  "INTERRUPT",
  "IOERR",
  "CORRUPT",
  "NOTFOUND",
  "FULL",
  "CANTOPEN",
  "PROTOCOL",
  "EMPTY",
  "SCHEMA",
  "TOOBIG",
  "CONSTRAINT",
  "MISMATCH",
  "MISUSE",
  "NOLFS",
  "AUTH",
  "FORMAT",
  "RANGE",
  "NOTADB",
  "NOTICE",
  "WARNING",
];

/** Extended codes by primary code, in the order of their number: the first is 1 << 8. */
const EXTENDED: Record<string, (string | null)[]> = {
  ERROR: ["MISSING_COLLSEQ", "RETRY", "SNAPSHOT", "RESERVESIZE", "KEY", "UNABLE"],
  IOERR: [
    "READ",
    "SHORT_READ",
    "WRITE",
    "FSYNC",
    "DIR_FSYNC",
    "TRUNCATE",
    "FSTAT",
    "UNLOCK",
    "RDLOCK",
    "DELETE",
    "BLOCKED",
    "NOMEM",
    "ACCESS",
    "CHECKRESERVEDLOCK",
    "LOCK",
    "CLOSE",
    "DIR_CLOSE",
    "SHMOPEN",
    "SHMSIZE",
    "SHMLOCK",
    "SHMMAP",
    "SEEK",
    "DELETE_NOENT",
    "MMAP",
    "GETTEMPPATH",
    "CONVPATH",
    "VNODE",
    "AUTH",
    "BEGIN_ATOMIC",
    "COMMIT_ATOMIC",
    "ROLLBACK_ATOMIC",
    "DATA",
    "CORRUPTFS",
    "IN_PAGE",
    "BADKEY",
    "CODEC",
  ],
  LOCKED: ["SHAREDCACHE", "VTAB"],
  BUSY: ["RECOVERY", "SNAPSHOT", "TIMEOUT"],
  CANTOPEN: ["NOTEMPDIR", "ISDIR", "FULLPATH", "CONVPATH", "DIRTYWAL", "SYMLINK"],
  CORRUPT: ["VTAB", "SEQUENCE", "INDEX"],
  READONLY: ["RECOVERY", "CANTLOCK", "ROLLBACK", "DBMOVED", "CANTINIT", "DIRECTORY"],
  ABORT: [null, "ROLLBACK"],
  CONSTRAINT: [
    "CHECK",
    "COMMITHOOK",
    "FOREIGNKEY",
    "FUNCTION",
    "NOTNULL",
    "PRIMARYKEY",
    "TRIGGER",
    "UNIQUE",
    "VTAB",
    "ROWID",
    "PINNED",
    "DATATYPE",
  ],
  NOTICE: ["RECOVER_WAL", "RECOVER_ROLLBACK", "RBU"],
  WARNING: ["AUTOINDEX"],
  AUTH: ["USER"],
};

/**
 * `SQLITE_CONSTRAINT_FOREIGNKEY` for 787. An extended code this table does not know (a newer
 * SQLite's) is named by its primary code, so checks such as `startsWith("SQLITE_BUSY")` still hold.
 */
export function sqliteErrorName(code: number): string {
  const primary = PRIMARY[code & 0xff];
  if (primary === undefined) return `UNKNOWN_SQLITE_ERROR_${code}`;
  const extended = code >> 8 === 0 ? null : (EXTENDED[primary]?.[(code >> 8) - 1] ?? null);
  return extended === null ? `SQLITE_${primary}` : `SQLITE_${primary}_${extended}`;
}
