import { defineConfig } from "vitest/config";
import LongFilesFirst from "./e2e/support/sequencer";

/** TEST_DIALECTS=sqlite: CI's second Node run (tests/helpers/databases.ts). */
const postgresCovered = (process.env.TEST_DIALECTS ?? "postgres").split(",").some((name) => name.trim() === "postgres");

/**
 * Three suites, which scripts/test.ts (npm test) runs beside each other (the browser suite from
 * the end of the web build, the others one after the other beside it):
 * unit: pure code, next to the files it tests; integration: the real server over real HTTP on
 * SQLite and PostgreSQL; browser: the built app in Debian's Chromium.
 */
export default defineConfig({
  test: {
    // The browser suite's long files start first (e2e/support/sequencer.ts); the rest as Vitest orders them.
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
          // Both cores (Vitest's default on two is one worker); each file still has its own module graph.
          maxWorkers: 2,
          // npm test runs this suite beside the browser suite and lint: on a two-core machine a test
          // of a few seconds' CPU (copying the project, checking every time zone) then took 9 and
          // 37 s, past Vitest's 5 s default. A backstop for a hung test, as in integration.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Files of PostgreSQL-only tests, for a run that covers SQLite alone (tests/helpers/databases.ts).
          exclude: postgresCovered ? [] : ["tests/integration/**/*.postgres.test.ts"],
          environment: "node",
          // Migrates once per dialect; each file's database is a copy (tests/helpers/database-templates.ts).
          globalSetup: ["tests/helpers/database-templates.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Most of a file's time is spent waiting (for PostgreSQL, for a socket, for a timer), so
          // three files at a time keep two cores busy where one at a time (Vitest's default for
          // two cores) left them half idle.
          maxWorkers: 3,
          // The files share a worker's module graph instead of loading the whole server again
          // each (27 s of import instead of 270). They hold no module state of their own: each
          // starts its own app on its own database, and none mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/support/global-setup.ts"],
          // A backstop for a whole flow of twenty steps: each step fails first, after 10 s, naming
          // its locator (e2e/support/session.ts). At 30 s, flows that take 20 s on a quiet two-core
          // machine ran out of time while another process kept one core busy.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // A poll waits on the app as Playwright's actions do (e2e/support/session.ts): Vitest's
          // 1 s default failed a theme check on a loaded two-core machine while the app was still
          // starting.
          expect: { poll: { timeout: 10_000 } },
          // In CI a failed browser test runs once more: a full run on two busy cores now and then
          // loses a race in a test's own waiting that a quiet run never shows. A test that passes
          // on its retry is still named at the end of the run, as FLAKY (scripts/test-report.ts),
          // to be made to wait for the right thing; one that fails twice fails the run.
          retry: process.env.CI === "true" ? 1 : 0,
          // Two files at a time, each with its own contexts in the suite's one Chromium: much of a
          // browser test is waiting (for a debounce, a socket, a timer), which the other file fills.
          maxWorkers: 2,
          // As in integration: the files hold no module state, so a worker loads the helpers once.
          isolate: false,
        },
      },
    ],
  },
});
