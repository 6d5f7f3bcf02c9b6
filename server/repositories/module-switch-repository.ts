import type { Kysely } from "kysely";
import { dialectOf } from "../db/column-types.js";
import type { DB } from "../db/schema.js";

/** What a user chose for a module, and when. */
export interface ModuleChoice {
  moduleId: string;
  enabled: boolean;
  lastToggled: string;
}

/**
 * The switches of modules (docs/modules.md): each user's own choices (module_preferences) and the
 * modules a group's owner switched off for the whole group (group_module_switches).
 */
export class ModuleSwitchRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async userChoices(userId: string): Promise<ModuleChoice[]> {
    const rows = await this.db
      .selectFrom("module_preferences")
      .select(["module_id", "enabled", "last_toggled"])
      .where("user_id", "=", userId)
      .orderBy("module_id")
      .execute();
    return rows.map((row) => ({ moduleId: row.module_id, enabled: row.enabled === 1, lastToggled: row.last_toggled }));
  }

  async setUserChoice(userId: string, moduleId: string, enabled: boolean, at: string): Promise<void> {
    const flag = enabled ? (1 as const) : (0 as const);
    await this.db
      .insertInto("module_preferences")
      .values({ user_id: userId, module_id: moduleId, enabled: flag, last_toggled: at })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "module_id"]).doUpdateSet({ enabled: flag, last_toggled: at }),
      )
      .execute();
  }

  /** The modules switched off in each of these groups (groups with none are absent). */
  async offInGroups(groupIds: readonly string[]): Promise<Map<string, Set<string>>> {
    const off = new Map<string, Set<string>>();
    if (groupIds.length === 0) return off;
    const rows = await this.db
      .selectFrom("group_module_switches")
      .select(["group_id", "module_id"])
      .where("group_id", "in", groupIds)
      .execute();
    for (const row of rows) {
      let modules = off.get(row.group_id);
      if (!modules) off.set(row.group_id, (modules = new Set()));
      modules.add(row.module_id);
    }
    return off;
  }

  async switchOffInGroup(groupId: string, moduleId: string, by: string, at: string): Promise<void> {
    await this.db
      .insertInto("group_module_switches")
      .values({ group_id: groupId, module_id: moduleId, switched_off_by: by, switched_off_at: at })
      .onConflict((conflict) => conflict.columns(["group_id", "module_id"]).doNothing())
      .execute();
  }

  async switchOnInGroup(groupId: string, moduleId: string): Promise<void> {
    await this.db
      .deleteFrom("group_module_switches")
      .where("group_id", "=", groupId)
      .where("module_id", "=", moduleId)
      .execute();
  }

  /**
   * Holds the group's row until the transaction ends (PostgreSQL; SQLite runs one write transaction
   * at a time): two owners switching at once are decided one after the other.
   */
  async lockGroup(groupId: string): Promise<void> {
    if (dialectOf(this.db as Kysely<unknown>) !== "postgres") return;
    await this.db.selectFrom("groups").select("id").where("id", "=", groupId).forUpdate().execute();
  }
}
