import { useQuery } from "@tanstack/react-query";
import { instanceConfig } from "../../api/instance-config";

async function fetchAdsTxt(): Promise<string> {
  const response = await fetch("/ads.txt");
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return response.text();
}

/** /ads-txt: the instance's /ads.txt, shown as it is served, with what it means. */
export default function AdsTxtPage() {
  const file = useQuery({ queryKey: ["ads.txt"], queryFn: fetchAdsTxt, staleTime: 60 * 60_000 });
  const sellers = file.data?.split("\n").filter((line) => line.trim() && !line.startsWith("#")) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">ads.txt</h1>
      <p className="mt-3 text-lg text-ink-muted">
        ads.txt is a public list, defined by the IAB Tech Lab, of the companies allowed to sell advertising on a site.
        It lets advertisers check that an offer to show ads on {instanceConfig.name} is genuine.
      </p>
      {/* Room for the file's usual one line while it loads, so the footer below does not move. */}
      <section aria-labelledby="file-heading" className="mt-10 min-h-52">
        <h2 id="file-heading" className="text-xl font-semibold">
          What this instance publishes
        </h2>
        {file.isPending && (
          <p role="status" className="mt-2 text-ink-muted">
            Loading the file…
          </p>
        )}
        {file.isError && (
          <p role="alert" className="mt-2 text-danger">
            The file could not be loaded: {file.error.message}
          </p>
        )}
        {file.data !== undefined && (
          <>
            <p className="mt-2 text-ink-muted">
              {sellers.length === 0
                ? `${instanceConfig.name} shows no advertising, so no seller is authorized.`
                : `${sellers.length === 1 ? "One seller is" : `${sellers.length} sellers are`} authorized by the operator of this instance.`}{" "}
              Served at{" "}
              <a href="/ads.txt" className="text-brand underline underline-offset-2">
                /ads.txt
              </a>
              :
            </p>
            <pre className="mt-3 overflow-x-auto rounded-lg border border-line bg-surface-muted p-4 text-sm">
              {file.data}
            </pre>
          </>
        )}
      </section>
    </div>
  );
}
