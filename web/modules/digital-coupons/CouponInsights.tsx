import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../api/http";
import { buttonClass } from "../../components/form";
import { Section } from "../../components/Section";
import { confirmMatch, couponKeys, getAnalysis, matchShoppingList } from "./api";
import { money } from "./labels";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The group's figures: savings by month and store, active value, expiring soon, expired unused. */
export function CouponAnalysisSection({ groupId }: { groupId: string }) {
  const analysis = useQuery({ queryKey: couponKeys.analysis(groupId), queryFn: () => getAnalysis(groupId) });
  const data = analysis.data;
  return (
    <Section title="Analysis" description="Savings count the coupons members marked “Used it”.">
      {analysis.isError && !data && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(analysis.error)}
        </p>
      )}
      {!data && analysis.isPending && <p className="text-sm text-ink-muted">Counting…</p>}
      {data && (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-ink-muted">Saved</dt>
              <dd className="text-xl font-semibold">{money(data.saved.saved, data.currency)}</dd>
              {data.saved.unknown > 0 && (
                <dd className="text-ink-muted">and {plural(data.saved.unknown, "use")} of unknown value</dd>
              )}
            </div>
            <div>
              <dt className="text-ink-muted">Active coupons</dt>
              <dd className="text-xl font-semibold">{money(data.active.value, data.currency)}</dd>
              <dd className="text-ink-muted">
                in {plural(data.active.count, "coupon")}
                {data.active.unknown > 0 && `, ${data.active.unknown} of unknown value`}
              </dd>
            </div>
          </dl>
          {data.saved.uses === 0 ? (
            <p className="text-ink-muted">No savings yet: mark a coupon “Used it” after shopping and it counts here.</p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Table
                caption="By month"
                rows={data.byMonth.map((row) => [row.month, money(row.saved, data.currency), row.uses])}
              />
              <Table
                caption="By store"
                rows={data.byStore.map((row) => [row.store, money(row.saved, data.currency), row.uses])}
              />
            </div>
          )}
          <Refs
            title="Expiring within 7 days"
            empty="Nothing expires within a week."
            rows={data.expiringSoon.map(
              (row) =>
                `${row.title} (${row.store}), ${row.daysLeft === 0 ? "today" : `in ${plural(row.daysLeft ?? 0, "day")}`}`,
            )}
          />
          <Refs
            title="Expired without being used"
            empty="No coupon expired unused."
            rows={data.expiredUnused.map((row) => `${row.title} (${row.store}), ${row.expiresOn ?? "marked expired"}`)}
          />
        </div>
      )}
    </Section>
  );
}

function Table({ caption, rows }: { caption: string; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left">
      <caption className="text-left font-medium">{caption}</caption>
      <thead className="text-ink-muted">
        <tr>
          <th scope="col" className="font-normal">
            {caption.replace("By ", "")}
          </th>
          <th scope="col" className="font-normal">
            Saved
          </th>
          <th scope="col" className="font-normal">
            Uses
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) => (
              <td key={index} className="break-all">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Refs({ title, empty, rows }: { title: string; empty: string; rows: string[] }) {
  return (
    <div>
      <h3 className="font-medium">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-ink-muted">{empty}</p>
      ) : (
        <ul className="list-disc pl-5">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Match my shopping list": each open shopping item with the coupons that fit, possible ones to confirm. */
export function ShoppingMatchSection({ groupId }: { groupId: string }) {
  const client = useQueryClient();
  const matches = useQuery({ queryKey: couponKeys.matches(groupId), queryFn: () => matchShoppingList(groupId) });
  const decide = useMutation({
    mutationFn: (body: { couponId: string; itemKey: string; confirmed: boolean }) => confirmMatch(groupId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.matches(groupId) }),
  });
  const items = matches.data?.items ?? [];
  const withMatches = items.filter((item) => item.matches.length > 0);
  return (
    <Section
      title="Match my shopping list"
      description="Open tasks in the group's Shopping category, with the active coupons that fit them."
    >
      {matches.isError && !matches.data && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(matches.error)}
        </p>
      )}
      {decide.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(decide.error)}
        </p>
      )}
      {matches.data && items.length === 0 && (
        <p className="text-sm text-ink-muted">
          The shopping list is empty: add tasks in the Shopping category and coupons that fit show here.
        </p>
      )}
      {matches.data && items.length > 0 && withMatches.length === 0 && (
        <p className="text-sm text-ink-muted">
          No coupon fits your shopping list. Product words and brands on a coupon help it match.
        </p>
      )}
      <ul aria-label="Shopping matches" className="space-y-3">
        {withMatches.map((item) => (
          <li key={item.taskId} className="text-sm">
            <p className="font-medium">{item.title}</p>
            <ul className="mt-1 space-y-1">
              {item.matches.map((match) => (
                <li key={match.couponId} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 break-words">
                    {match.title} ({match.store}) ·{" "}
                    {match.confidence === "confident" ? "fits" : `maybe, by “${match.reason}”`}
                  </span>
                  {match.confidence === "possible" && (
                    <>
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        aria-label={`Confirm ${match.title} for ${item.title}`}
                        onClick={() =>
                          decide.mutate({ couponId: match.couponId, itemKey: item.itemKey, confirmed: true })
                        }
                      >
                        Confirm
                      </button>
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        aria-label={`Reject ${match.title} for ${item.title}`}
                        onClick={() =>
                          decide.mutate({ couponId: match.couponId, itemKey: item.itemKey, confirmed: false })
                        }
                      >
                        Reject
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
