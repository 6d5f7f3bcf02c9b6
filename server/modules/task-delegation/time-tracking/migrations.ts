import type { Migration } from "kysely";

/** Numbered in the one sequence of every migration (server/modules/migrations.ts). */
export const timeTrackingMigrations: Record<string, Migration> = {};
