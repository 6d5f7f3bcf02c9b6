import type { ServerModule } from "../server-module.js";
import { assistantMigrations } from "./migrations.js";
import { assistantRoutes } from "./routes.js";

/** Text, voice and photos made into proposed task actions (docs/assistant.md). */
export const assistant: ServerModule = {
  id: "assistant",
  migrations: assistantMigrations,
  routes: assistantRoutes,
};
