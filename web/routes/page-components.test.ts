import { expect, it } from "vitest";
import { MODULES } from "../../domain/modules";
import { PAGES } from "../../domain/pages";
import { WEB_MODULES } from "../modules/registry";
import { pageOwners } from "./page-components";

it("has one component for every page, the core's or a module's", () => {
  const owners = pageOwners();
  for (const page of PAGES) {
    expect(owners.get(page.path), page.path).toHaveLength(1);
  }
  expect([...owners.keys()].filter((path) => !PAGES.some((page) => page.path === path))).toEqual([]);
});

it("gives a module only pages its definition lists", () => {
  for (const module of WEB_MODULES) {
    const routes: readonly string[] = MODULES.find((definition) => definition.id === module.id)!.routes;
    for (const path of Object.keys(module.pages ?? {})) expect(routes, `${module.id} ${path}`).toContain(path);
  }
});
