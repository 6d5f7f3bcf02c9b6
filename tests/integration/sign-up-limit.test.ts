import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/databases.js";
import { useServer } from "../helpers/server.js";
import { signUp } from "../helpers/sign-in.js";

/** SIGN_UP_LIMIT: sign-ups with the built-in provider from one address in 15 minutes. */
describeEachDialect("the sign-up limit", (_dialect, createDatabase) => {
  const context = useServer(createDatabase, { SIGN_UP_LIMIT: "2" });

  it("answers 429 to the sign-up past the limit from one address, and makes no account", async () => {
    await signUp(context.server.baseUrl, "First Comer");
    await signUp(context.server.baseUrl, "Second Comer");
    await expect(signUp(context.server.baseUrl, "Third Comer")).rejects.toThrow(/"code":"rate_limited"/);
    const users = await context.server.database.db.selectFrom("users").select("name").execute();
    expect(users.map((user) => user.name).sort()).toEqual(["First Comer", "Second Comer"]);
  });
});
