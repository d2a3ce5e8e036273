// War for the Crystals' team helpers: whose turn the status bar names, and what a seat waits for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { turnWords, waitingWords, teammates, teamShards } from "../../wildlands/static/games/wildlands/war.js";

const names = { seat: (id) => ({ p1: "you", p2: "Bea", p3: "Cy", p4: "Dot" })[id] || id };

function warView(extra = {}) {
  return {
    mode: "war",
    turn: { phase: "play", round: 2, actor: null, interrupters: [] },
    players: [{ id: "p1", shards: [4, 9] }, { id: "p2", shards: [] }, { id: "p3", shards: [12] }, { id: "p4", shards: [] }],
    war: {
      teams: [{ id: "dawn", name: "Team Dawn", players: ["p1", "p2"], shard_owner: "p1" },
        { id: "dusk", name: "Team Dusk", players: ["p3", "p4"], shard_owner: "p3" }],
      active_team: "dawn", done: [], to_reveal: [],
    },
    ...extra,
  };
}

test("the acting team reads as your team's turn to its players and by name to the others", () => {
  assert.equal(turnWords(warView(), "p1", names), "Your team's turn (Team Dawn): waiting for you and Bea");
  assert.equal(turnWords(warView(), "p3", names), "Team Dawn's turn: waiting for you and Bea");
});

test("an interrupt is named after the one interrupting", () => {
  const v = warView({ turn: { phase: "play", actor: "p3", interrupters: ["p3"] } });
  assert.equal(turnWords(v, "p1", names), "Cy's interrupt");
  assert.equal(turnWords(v, "p3", names), "Your interrupt");
});

test("a teammate who is done waits for the rest of the team", () => {
  const v = warView();
  v.war.done = ["p1"];
  assert.equal(waitingWords(v, "p1", names, false), "You are done; Bea still plays for your team.");
});

test("a seat's teammates and claimable shards are its team's", () => {
  assert.deepEqual(teammates(warView(), "p2"), ["p1"]);
  assert.deepEqual([...teamShards(warView(), "p2")], [4, 9]);
  assert.deepEqual([...teamShards(warView(), "p4")], [12]);
});

test("the banner names whom the team's turn waits for once a teammate is done", () => {
  const v = warView();
  v.war.done = ["p1"];
  assert.equal(turnWords(v, "p1", names), "Your team's turn (Team Dawn): waiting for Bea");
});
