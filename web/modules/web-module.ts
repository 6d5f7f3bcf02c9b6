import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType, LazyExoticComponent } from "react";
import type { Group } from "../../domain/groups";
import type { EntityType, QueuedOperation } from "../../domain/offline-queue";
import type { PagePath, SettingsSection } from "../../domain/pages";
import type { PageModule } from "../routes/page-components";
import type { Task } from "../../domain/tasks";

/**
 * What a module brings to the web app (docs/modules.md): one folder, web/modules/<id>/, listed
 * once in web/modules/registry.ts. Its definition (name, pages, menu) is domain/modules.ts's under
 * the same id; the slots below appear only while the module is on for the user. Components are
 * lazy: a module's code loads when a page shows its slot, not with the app.
 */
export interface WebModule {
  id: string;
  /**
   * The first part of the query keys of its data: kept on the device for a start without network
   * (web/offline/persist.ts) and refetched after the live channel reconnects.
   */
  queryRoots: readonly string[];
  /** A `module.event` of this module from the server (domain/realtime.ts). */
  onLiveEvent?(client: QueryClient, event: string, groupId?: string): void;
  /**
   * Puts a write of this module still in the offline queue into the cache after a reload, as the
   * user saw it when making it: writes of entity type "module" whose entity id is the module's id (or "<id>:<key>"),
   * and of the entity types in `offlineEntities` (older writes the queue names by what they change).
   */
  showQueued?(client: QueryClient, operation: QueuedOperation, userId: string): void | Promise<void>;
  offlineEntities?: readonly EntityType[];
  /**
   * The components of its pages (the `routes` of its definition), loaded on demand. Written
   * `"/path": () => import("./Page")`: the build reads them as text (scripts/page-modules.ts).
   */
  pages?: Partial<Record<PagePath, () => Promise<PageModule>>>;
  /** What it adds to a section of /settings (shown there while the module is on). */
  settings?: { section: SettingsSection; Component: LazyExoticComponent<ComponentType> };
  /** A card on /dashboard. */
  DashboardWidget?: LazyExoticComponent<ComponentType>;
  /** A button in the header of every signed-in page (what opens the assistant). */
  HeaderAction?: LazyExoticComponent<ComponentType>;
  /** Floats over every signed-in page (the assistant's panel). */
  Overlay?: LazyExoticComponent<ComponentType>;
  /** An action in a task's editor (its page and its pane). */
  TaskAction?: LazyExoticComponent<ComponentType<{ task: Task }>>;
  /**
   * A small marker on a task wherever it appears: its rows in every list and its editor's header
   * (who has it). Shown once per row, so it reads data shared by all rows (one query per group).
   */
  TaskBadge?: LazyExoticComponent<ComponentType<{ task: Task }>>;
  /**
   * Below a task's notes and subtasks on its own page (a desk's and a phone's); not in the pane
   * beside the list, whose room is the list's.
   */
  TaskPanel?: LazyExoticComponent<ComponentType<{ task: Task }>>;
  /**
   * A small count beside each of the module's own menu items (its definition's `menuItems`), in
   * the sidebar and the phone's bar and More sheet. The navigation reads its text as the item's
   * description, so it says what it counts ("3 unread messages"); nothing when there is nothing.
   */
  MenuBadge?: LazyExoticComponent<ComponentType<{ path: string }>>;
  /** A small marker on a group's card on /groups. */
  GroupBadge?: LazyExoticComponent<ComponentType<{ group: Group }>>;
}
