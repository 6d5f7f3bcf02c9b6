import type { Metric, MetricValueWithName } from "prom-client";

interface Series {
  labels: { method: string; route: string; status_code: string };
  /** counts[i]: observations in (bounds[i-1], bounds[i]]; the last slot is above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, kept in plain arrays and rendered by prom-client's registry.
 * prom-client's own Histogram validates and hashes the label set on every observation, which cost
 * a fifth of our throughput (docs/benchmarks.md); here a response costs one map lookup and a short
 * scan of the bounds.
 */
export class RequestDurationHistogram {
  readonly name = "http_request_duration_seconds";
  readonly help = "HTTP request duration by method, route pattern and status code.";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, Series>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let slot = 0;
    while (slot < this.bounds.length && seconds > this.bounds[slot]!) slot += 1;
    series.counts[slot]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** Prometheus buckets are cumulative: each `le` counts every observation at or below it. */
  get(): Promise<{
    name: string;
    help: string;
    type: string;
    aggregator: string;
    values: MetricValueWithName<string>[];
  }> {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, slot) => {
        cumulative += counts[slot]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    this.series.clear();
  }

  /** The registry only calls name, help, type, aggregator, get() and reset(). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
