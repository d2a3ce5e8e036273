// The replay's steps, fetched a page at a time from the server's steps feed: one request per
// page however many ask for it at once, a failed page asked again on the next call, the next
// page read ahead while the last steps of this one are watched, and the total corrected when
// the feed knows fewer steps than the page was told. `fetchPage(start, count)` returns
// (a promise of) {steps: [{step, …}], total}. Pure: tests/js drives it with plain pages.

export class StepFeed {
  constructor({ total, pageSize = 50, fetchPage, onTotal = () => {} }) {
    this.total = total;
    this.pageSize = pageSize;
    this.fetchPage = fetchPage;
    this.onTotal = onTotal;
    this.steps = new Map(); // step number -> {step, version, events, view}
    this.loading = new Map(); // page start -> promise
  }

  /** `n` kept within the steps there are. */
  clamp(n) { return Math.max(0, Math.min(this.total - 1, n)); }

  load(start) {
    if (!this.loading.has(start)) {
      const promise = Promise.resolve()
        .then(() => this.fetchPage(start, this.pageSize))
        .then((page) => {
          for (const s of page.steps) this.steps.set(s.step, s);
          if (typeof page.total === "number" && page.total < this.total) {
            this.total = page.total;
            this.onTotal(page.total);
          }
        })
        .catch((err) => {
          this.loading.delete(start);
          throw err;
        });
      this.loading.set(start, promise);
    }
    return this.loading.get(start);
  }

  /** Step `n` (fetching its page when needed). */
  async step(n) {
    if (!this.steps.has(n)) await this.load(Math.floor(n / this.pageSize) * this.pageSize);
    const next = n + 1;
    if (next < this.total && !this.steps.has(next) && next % this.pageSize === 0) {
      this.load(next).catch(() => {}); // read ahead while this page is watched
    }
    return this.steps.get(n);
  }
}

/** The steps feed's address for a page. */
export function pageUrl(stepsUrl, start, count) {
  return `${stepsUrl}?start=${start}&count=${count}`;
}
