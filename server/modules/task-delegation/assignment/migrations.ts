import type { Migration } from "kysely";

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const assignmentMigrations: Record<string, Migration> = {};
