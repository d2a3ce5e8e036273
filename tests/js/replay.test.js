// The replay's steps feed: a page fetched once however many ask, the next page read ahead,
// a failed page asked again, and a total the feed corrects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepFeed, pageUrl } from "../../games/static/games/shell/stepper.js";

function feedOf(total, { pageSize = 3, failFirst = false, known = total } = {}) {
  const asked = [];
  let failures = failFirst ? 1 : 0;
  const feed = new StepFeed({
    total, pageSize,
    fetchPage: async (start, count) => {
      asked.push(start);
      if (failures > 0) {
        failures -= 1;
        throw new Error("the server answered 502");
      }
      const steps = [];
      for (let n = start; n < Math.min(start + count, known); n++) steps.push({ step: n, view: { version: n } });
      return { steps, total: known };
    },
  });
  return { feed, asked };
}

test("a step comes from its page, fetched once for every step on it", async () => {
  const { feed, asked } = feedOf(7);
  const [a, b] = await Promise.all([feed.step(4), feed.step(3)]);
  assert.equal(a.step, 4);
  assert.equal(b.step, 3);
  assert.deepEqual(asked, [3]);
});

test("the last step of a page reads the next page ahead", async () => {
  const { feed, asked } = feedOf(7);
  await feed.step(2);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(asked, [0, 3]);
  assert.equal((await feed.step(3)).step, 3);
  assert.deepEqual(asked, [0, 3]);
});

test("a page that failed is asked again on the next call", async () => {
  const { feed, asked } = feedOf(5, { failFirst: true });
  await assert.rejects(feed.step(1), /502/);
  assert.equal((await feed.step(1)).step, 1);
  assert.deepEqual(asked, [0, 0]);
});

test("a feed that knows fewer steps shortens the replay", async () => {
  const totals = [];
  const { feed } = feedOf(9, { known: 4 });
  feed.onTotal = (t) => totals.push(t);
  await feed.step(0);
  assert.equal(feed.total, 4);
  assert.deepEqual(totals, [4]);
  assert.equal(feed.clamp(8), 3);
  assert.equal(feed.clamp(-2), 0);
});

test("the feed's address for a page", () => {
  assert.equal(pageUrl("/play/g1/replay/steps/", 50, 25), "/play/g1/replay/steps/?start=50&count=25");
});
