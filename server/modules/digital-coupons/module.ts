import type { ServerModule } from "../server-module.js";
import { couponMigrations } from "./migrations.js";
import { couponRoutes } from "./routes.js";

/**
 * A group's digital coupons (docs/coupons.md): members add them, vote on whether they work, see
 * what they saved and which coupons fit their shopping list.
 */
export const digitalCoupons: ServerModule = {
  id: "digital-coupons",
  migrations: couponMigrations,
  routes: couponRoutes,
};
