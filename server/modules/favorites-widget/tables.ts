/** The module's table, added to the database's type where the module is (docs/modules.md). */
export interface FavoriteTaskTable {
  user_id: string;
  task_id: string;
  position: number;
  pinned_at: string;
}

declare module "../../db/schema.js" {
  interface DB {
    favorite_tasks: FavoriteTaskTable;
  }
}
